import { useMutation, useQueryClient } from '@tanstack/react-query';
import { benchmarkOperations } from '@verdant/contracts/benchmark';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { DistributionUpdate } from '@verdant/contracts/data-sources/distribution';
import { entitiesOperations } from '@verdant/contracts/entities';
import { graphsOperations } from '@verdant/contracts/graphs';
import { call, invalidate, keyOf, reset, useOperation } from '../../../lib/operations';
import { useOrganisationId } from '../../../lib/session-store';

export const useDistribution = (meterId: number) =>
  useOperation(ops.distribution, { params: { id: meterId } });

/**
 * Saves the shares. The answers that multiply figures by them (an entity's figures, the entities list's
 * consumption, an entity's benchmark, graphs that may chart entities) are forgotten, so no page shows the old
 * figures as current; the rest of the entities' answers and what an entity measures are read again when next shown
 * (docs/decisions/web-ui.md, Figures a save moved are forgotten, not marked stale).
 */
export function useSaveDistribution(meterId: number) {
  const client = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (body: DistributionUpdate) => call(ops.updateDistribution, { params: { id: meterId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(keyOf(ops.distribution, { params: { id: meterId } }, organisationId), saved);
      void reset(
        client,
        entitiesOperations.figures,
        entitiesOperations.list,
        benchmarkOperations.benchmark,
        graphsOperations.graphData,
        graphsOperations.pieData,
      );
      void invalidate(
        client,
        entitiesOperations,
        graphsOperations.entityQuantities,
        graphsOperations.entityUnits,
      );
    },
  });
}
