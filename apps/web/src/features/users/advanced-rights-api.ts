import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdvancedRight, type AssetType, usersOperations as ops } from '@verdant/contracts/users';
import { call, keyOf, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

export function useAdvancedRights(userId: number) {
  const orgId = useOrganisationId();
  return useOperation(ops.advancedRights, orgId === null ? null : { params: { id: userId, orgId } });
}

/** Every rights call answers the user's whole list, which replaces what the modal shows. */
function useRightsMutation<V>(userId: number, run: (orgId: number, v: V) => Promise<AdvancedRight[]>) {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (variables: V) => run(orgId as number, variables),
    onSuccess: (rights) =>
      queryClient.setQueryData(
        keyOf(ops.advancedRights, { params: { id: userId, orgId: orgId as number } }, orgId),
        rights,
      ),
  });
}

export function useAddRight(userId: number) {
  return useRightsMutation(userId, (orgId, v: { assetType: AssetType; assetId: number; rightId: number }) =>
    call(ops.grantAdvancedRight, { params: { id: userId, orgId, ...v } }),
  );
}

export function useRemoveRight(userId: number) {
  return useRightsMutation(userId, (orgId, v: { assetType: AssetType; assetId: number }) =>
    call(ops.removeAdvancedRight, { params: { id: userId, orgId, ...v } }),
  );
}

export function useCopyRights(userId: number) {
  return useRightsMutation(userId, (orgId, otherUserId: number) =>
    call(ops.copyRights, { params: { id: userId, orgId, otherUserId } }),
  );
}
