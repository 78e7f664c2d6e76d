import { keepPreviousData } from '@tanstack/react-query';
import { halfHourOperations as ops } from '@verdant/contracts/half-hour';
import { useOperation } from '../../lib/operations';

export const useHalfHourAvailability = (meterId: number) =>
  useOperation(ops.availability, { params: { id: meterId } });

/** One month of one register; the previous month stays drawn while the next one loads. */
export function useHalfHourMonth(
  meterId: number,
  register: number | null,
  year: number | null,
  month: number | null,
) {
  const ready = register !== null && year !== null && month !== null;
  return useOperation(
    ops.month,
    ready ? { params: { id: meterId, year, month }, query: { register } } : null,
    { placeholderData: keepPreviousData },
  );
}
