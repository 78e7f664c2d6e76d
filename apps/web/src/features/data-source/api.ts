import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MeterDetail, meterDetail, meterGraphData } from '@verdant/contracts/meters';
import { api } from '../../lib/api-client';

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

export function useMeterGraph(id: number, type: 'cons' | 'cost' | 'co2e', year: number, yearEnd: number) {
  return useQuery({
    queryKey: [...meterKeys.graph(id), type, year, yearEnd],
    queryFn: ({ signal }) =>
      api.get(`/meters/${id}/asset-graph-data/v2/${type}/${year}/year-end/${yearEnd}`, {
        schema: meterGraphData,
        signal,
      }),
    placeholderData: keepPreviousData,
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
    },
  });
}
