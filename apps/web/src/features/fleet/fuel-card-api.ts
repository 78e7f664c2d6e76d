import { fleetOperations as ops } from '@verdant/contracts/fleet';
import { useOperation } from '../../lib/operations';

export function useFuelCard(id: number, incorrectOnly: boolean) {
  return useOperation(
    ops.card,
    { params: { id }, query: incorrectOnly ? { incorrectOnly: 'true' } : {} },
    { retry: false },
  );
}
