import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AlertCommentRequest, meterAlertList } from '@verdant/contracts/data-sources';
import { z } from 'zod';
import { api } from '../lib/api-client';

/** A data source's pending alerts, shared by the list's alert panel and the data source page's Overview. */
export const meterAlertsKey = (meterId: number) => ['meter', meterId, 'alerts'] as const;

export function useMeterAlerts(meterId: number) {
  return useQuery({
    queryKey: meterAlertsKey(meterId),
    queryFn: ({ signal }) => api.get(`/meters/${meterId}/alerts`, { schema: meterAlertList, signal }),
  });
}

const answer = z.object({ success: z.literal(true), message: z.string() });

/**
 * Schedules (`schedule`) or deletes (`delete`) a pending alert; the meter's alerts and every data sources
 * list (their alert counts) reload.
 */
export function useResolveAlert(meterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      alertId,
      action,
      body,
    }: {
      alertId: number;
      action: 'schedule' | 'delete';
      body: AlertCommentRequest;
    }) =>
      action === 'schedule'
        ? api.post(`/meters/${meterId}/alerts/${alertId}/schedule`, { body, schema: answer })
        : api.delete(`/meters/${meterId}/alerts/${alertId}`, { body, schema: answer }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: meterAlertsKey(meterId) });
      await client.invalidateQueries({ queryKey: ['data-sources'] });
    },
  });
}
