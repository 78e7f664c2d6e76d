import { useQuery } from '@tanstack/react-query';
import { fuelCard } from '@verdant/contracts/fleet';
import { api } from '../../lib/api-client';

export function useFuelCard(id: number, incorrectOnly: boolean) {
  return useQuery({
    queryKey: ['fuel-card', id, incorrectOnly],
    queryFn: ({ signal }) =>
      api.get(`/fuelcards/${id}${incorrectOnly ? '?incorrectOnly=true' : ''}`, { schema: fuelCard, signal }),
    retry: false,
  });
}
