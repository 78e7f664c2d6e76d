import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DELETED_ASSETS_PAGE_SIZE,
  type DeletedAssetType,
  deletedAssetsOperations as ops,
} from '@verdant/contracts/deleted-assets';
import { call, invalidate, useOperation } from '../../lib/operations';

export function useDeletedAssets(type: DeletedAssetType, page: number) {
  return useOperation(
    ops.list,
    { params: { type }, query: { offset: (page - 1) * DELETED_ASSETS_PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );
}

/** Restore or purge; either can change every tab (a site brings back its entities), so all are refreshed. */
export function useDeletedAssetAction(type: DeletedAssetType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'restore' | 'purge'; id: number }) =>
      call(action === 'restore' ? ops.restore : ops.purge, { params: { type, id } }),
    onSettled: () => invalidate(client, ops.list),
  });
}
