import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsOperations as ops } from '@verdant/contracts/notifications';
import { call, keyOf, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** Notices for administrators of the current organisation; asked only for those who may see them. */
export const useAdminNotifications = (enabled: boolean) =>
  useOperation(ops.list, {}, { enabled, staleTime: Number.POSITIVE_INFINITY, retry: false });

/** Removes a notice for good (for this person); the answer is the list that remains. */
export function useRemoveNotification() {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: (remaining) => queryClient.setQueryData(keyOf(ops.list, {}, orgId), remaining),
  });
}
