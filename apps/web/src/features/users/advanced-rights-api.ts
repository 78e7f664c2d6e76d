import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdvancedRight, type AssetType, advancedRight } from '@verdant/contracts/users';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { useOrganisationId } from '../../lib/session-store';

const rightsList = z.array(advancedRight);
const rightsKey = (orgId: number | null, userId: number) =>
  ['users', orgId, 'advanced-rights', userId] as const;

export function useAdvancedRights(userId: number) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: rightsKey(orgId, userId),
    queryFn: ({ signal }) =>
      api.get(`/users/${userId}/advanced-rights/${orgId}`, { schema: rightsList, signal }),
    enabled: orgId !== null,
  });
}

/** Every rights call answers the user's whole list, which replaces what the modal shows. */
function useRightsMutation<V>(
  userId: number,
  call: (orgId: number | null, v: V) => Promise<AdvancedRight[]>,
) {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (variables: V) => call(orgId, variables),
    onSuccess: (rights) => queryClient.setQueryData(rightsKey(orgId, userId), rights),
  });
}

export function useAddRight(userId: number) {
  return useRightsMutation(userId, (orgId, v: { assetType: AssetType; assetId: number; rightId: number }) =>
    api.post(`/users/${userId}/advanced-rights/${orgId}/${v.assetType}/${v.assetId}/right/${v.rightId}`, {
      schema: rightsList,
    }),
  );
}

export function useRemoveRight(userId: number) {
  return useRightsMutation(userId, (orgId, v: { assetType: AssetType; assetId: number }) =>
    api.delete(`/users/${userId}/advanced-rights/${orgId}/${v.assetType}/${v.assetId}`, {
      schema: rightsList,
    }),
  );
}

export function useCopyRights(userId: number) {
  return useRightsMutation(userId, (orgId, otherUserId: number) =>
    api.post(`/users/${userId}/copy-rights/${orgId}/from/${otherUserId}`, { schema: rightsList }),
  );
}
