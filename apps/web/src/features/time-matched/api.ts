import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NewGridSeries, timeMatchedOperations as ops } from '@verdant/contracts/time-matched';
import { call, invalidate, useOperation } from '../../lib/operations';

export const useGridSeries = () => useOperation(ops.series, {});

export function useGridSeriesChanges() {
  const client = useQueryClient();
  const done = () => invalidate(client, ops.series);
  const create = useMutation({
    mutationFn: (body: NewGridSeries) => call(ops.addSeries, { body }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(ops.removeSeries, { params: { id } }),
    onSuccess: done,
  });
  return { create, remove };
}
