import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MeterDetail,
  meterDetail,
  meterSummaryList,
  organisationIdentifierLabels,
} from '@verdant/contracts/meters';
import { api } from '../lib/api-client';

/*
 * One data source's reads and writes that more than one page uses: the data source page, and the vehicle's
 * Details tab for its fuel meter (group membership and identifiers).
 */

export const meterKeys = {
  meter: (id: number) => ['meter', id] as const,
  graph: (id: number) => ['meter', id, 'graph'] as const,
};

export function useMeter(id: number) {
  return useQuery({
    queryKey: meterKeys.meter(id),
    queryFn: ({ signal }) => api.get(`/meters/${id}`, { schema: meterDetail, signal }),
    retry: false,
  });
}

/**
 * Writes that answer the whole meter put it into the cache; its figures (graph) and every list that shows
 * it are read again, since a change of unit, type, dates or site changes them.
 */
export function useMeterWrite<A>(id: number, call: (arg: A) => Promise<MeterDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (updated) => {
      client.setQueryData(meterKeys.meter(id), updated);
      void client.invalidateQueries({ queryKey: meterKeys.graph(id) });
      void client.invalidateQueries({ queryKey: ['site'] });
      void client.invalidateQueries({ queryKey: ['sites'] });
      void client.invalidateQueries({ queryKey: ['fleet'] });
    },
  });
}

export const useMeterGroup = (id: number) =>
  useMeterWrite(id, ({ groupId, join }: { groupId: number; join: boolean }) =>
    join
      ? api.post(`/meter-groups/${groupId}/meter/${id}`, { schema: meterDetail })
      : api.delete(`/meter-groups/${groupId}/meter/${id}`, { schema: meterDetail }),
  );

export const useSetIdentifier = (id: number) =>
  useMeterWrite(id, ({ identifierId, value }: { identifierId: number; value: string | null }) =>
    api.put(`/meters/${id}/identifiers/${identifierId}`, { body: { value }, schema: meterDetail }),
  );

export const useCopyIdentifiers = (id: number) =>
  useMeterWrite(id, (fromMeterId: number) =>
    api.post(`/meters/${id}/identifiers/copy`, { body: { fromMeterId }, schema: meterDetail }),
  );

export function useNewIdentifier(meterId: number, organisationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post(`/organisations/${organisationId}/meter-identifiers`, {
        body: { name },
        schema: organisationIdentifierLabels.element,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: meterKeys.meter(meterId) }),
  });
}

export function useSameSite(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...meterKeys.meter(id), 'same-site'],
    queryFn: ({ signal }) => api.get(`/meters/${id}/same-site`, { schema: meterSummaryList, signal }),
    enabled,
  });
}
