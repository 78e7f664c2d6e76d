import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { DistributionUpdate } from '@verdant/contracts/data-sources/distribution';
import { entitiesOperations } from '@verdant/contracts/entities';
import { call, invalidate, keyOf, useOperation } from '../../../lib/operations';
import { useOrganisationId } from '../../../lib/session-store';

export const useDistribution = (meterId: number) =>
  useOperation(ops.distribution, { params: { id: meterId } });

/** Saves the shares; entity figures and lists read through them, so those are read again too. */
export function useSaveDistribution(meterId: number) {
  const client = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (body: DistributionUpdate) => call(ops.updateDistribution, { params: { id: meterId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(keyOf(ops.distribution, { params: { id: meterId } }, organisationId), saved);
      void invalidate(client, entitiesOperations);
    },
  });
}
