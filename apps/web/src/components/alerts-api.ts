import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { AlertCommentRequest } from '@verdant/contracts/data-sources/list';
import { call, invalidate, useOperation } from '../lib/operations';

/** A data source's pending alerts, shared by the list's alert panel and the data source page's Overview. */
export const useMeterAlerts = (meterId: number) => useOperation(ops.alerts, { params: { id: meterId } });

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
      call(action === 'schedule' ? ops.scheduleAlert : ops.deleteAlert, {
        params: { id: meterId, alertId },
        body,
      }),
    onSettled: () => invalidate(client, ops.alerts, ops.list),
  });
}
