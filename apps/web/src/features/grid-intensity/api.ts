import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@verdant/contracts/common';
import { gridSeries, gridSeriesList, type NewGridSeries } from '@verdant/contracts/time-matched';
import { api } from '../../lib/api-client';

export function useGridSeries() {
  return useQuery({
    queryKey: ['grid-intensity-series'],
    queryFn: ({ signal }) => api.get('/grid-intensity-series', { schema: gridSeriesList, signal }),
  });
}

export function useGridSeriesChanges() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['grid-intensity-series'] });
  const create = useMutation({
    mutationFn: (body: NewGridSeries) =>
      api.post('/admin/grid-intensity-series', { body, schema: gridSeries }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/admin/grid-intensity-series/${id}`, { schema: okResponse }),
    onSuccess: done,
  });
  return { create, remove };
}
