import { useQuery } from '@tanstack/react-query';
import { type ReferenceList, referenceList } from '@verdant/contracts/reference';
import { api } from '../lib/api-client';

/** A reference list (GET /lookups/{name}: regions, occupancies, functions, ...); the same for everyone, kept. */
export function useReferenceList(name: ReferenceList) {
  return useQuery({
    queryKey: ['lookups', name],
    queryFn: ({ signal }) => api.get(`/lookups/${name}`, { schema: referenceList, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
