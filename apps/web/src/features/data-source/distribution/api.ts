import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DistributionUpdate, energyDistribution } from '@verdant/contracts/meter-distribution';
import { api } from '../../../lib/api-client';

const path = (meterId: number) => `/meters/${meterId}/energy-distribution`;
export const distributionKeys = { meter: (meterId: number) => ['meter', meterId, 'distribution'] as const };

export function useDistribution(meterId: number) {
  return useQuery({
    queryKey: distributionKeys.meter(meterId),
    queryFn: ({ signal }) => api.get(path(meterId), { schema: energyDistribution, signal }),
  });
}

/** Saves the shares; entity figures and lists read through them, so those are read again too. */
export function useSaveDistribution(meterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DistributionUpdate) => api.put(path(meterId), { body, schema: energyDistribution }),
    onSuccess: (saved) => {
      client.setQueryData(distributionKeys.meter(meterId), saved);
      void client.invalidateQueries({ queryKey: ['entities'] });
      void client.invalidateQueries({ queryKey: ['entity'] });
    },
  });
}
