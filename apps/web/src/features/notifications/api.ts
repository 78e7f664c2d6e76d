import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationList } from '@verdant/contracts/notifications';
import { api } from '../../lib/api-client';
import { useOrganisationId } from '../../lib/session-store';

const notificationsKey = (orgId: number | null) => ['notifications', orgId] as const;

/** Notices for administrators of the current organisation; asked only for those who may see them. */
export function useAdminNotifications(enabled: boolean) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: notificationsKey(orgId),
    queryFn: ({ signal }) => api.get('/admin/notifications', { schema: notificationList, signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Removes a notice for good (for this person); the answer is the list that remains. */
export function useRemoveNotification() {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/notifications/${id}`, { schema: notificationList }),
    onSuccess: (remaining) => queryClient.setQueryData(notificationsKey(orgId), remaining),
  });
}
