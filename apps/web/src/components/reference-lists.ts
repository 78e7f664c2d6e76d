import { type ReferenceList, referenceOperations } from '@verdant/contracts/reference';
import { useOperation } from '../lib/operations';

/** A reference list (GET /lookups/{name}: regions, occupancies, functions, ...); the same for everyone, kept. */
export const useReferenceList = (name: ReferenceList) =>
  useOperation(referenceOperations[name], {}, { staleTime: Number.POSITIVE_INFINITY });
