import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { halfHourAvailability, halfHourMonth } from '@verdant/contracts/half-hour';
import { api } from '../../../lib/api-client';

const base = (meterId: number) => `/meters/${meterId}/half-hour-data`;

export function useHalfHourAvailability(meterId: number) {
  return useQuery({
    queryKey: ['meter', meterId, 'half-hour', 'availability'],
    queryFn: ({ signal }) =>
      api.get(`${base(meterId)}/availability`, { schema: halfHourAvailability, signal }),
  });
}

/** One month of one register; the previous month stays drawn while the next one loads. */
export function useHalfHourMonth(
  meterId: number,
  register: number | null,
  year: number | null,
  month: number | null,
) {
  return useQuery({
    queryKey: ['meter', meterId, 'half-hour', register, year, month],
    queryFn: ({ signal }) =>
      api.get(`${base(meterId)}/${year}/${month}?register=${register}`, { schema: halfHourMonth, signal }),
    enabled: register !== null && year !== null && month !== null,
    placeholderData: keepPreviousData,
  });
}
