import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DELETED_ASSETS_PAGE_SIZE,
  type DeletedAssetType,
  deletedAssetAnswer,
  deletedAssetsList,
} from '@verdant/contracts/deleted-assets';
import { api } from '../../lib/api-client';

const base = (type: DeletedAssetType) => `/admin/deleted-assets/${type}`;
export const deletedKeys = {
  all: ['deleted-assets'] as const,
  list: (type: DeletedAssetType, page: number) => ['deleted-assets', type, page] as const,
};

export function useDeletedAssets(type: DeletedAssetType, page: number) {
  return useQuery({
    queryKey: deletedKeys.list(type, page),
    queryFn: ({ signal }) =>
      api.get(`${base(type)}?offset=${(page - 1) * DELETED_ASSETS_PAGE_SIZE}`, {
        schema: deletedAssetsList,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Restore or purge; either can change every tab (a site brings back its entities), so all are refreshed. */
export function useDeletedAssetAction(type: DeletedAssetType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'restore' | 'purge'; id: number }) =>
      action === 'restore'
        ? api.put(`${base(type)}/restore/${id}`, { schema: deletedAssetAnswer })
        : api.delete(`${base(type)}/purge/${id}`, { schema: deletedAssetAnswer }),
    onSettled: () => client.invalidateQueries({ queryKey: deletedKeys.all }),
  });
}
