import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphsOperations as ops } from '@verdant/contracts/graphs';
import { call, invalidate, useOperation } from '../lib/operations';
import { useOrganisationId } from '../lib/session-store';

/**
 * The signed-in person's favourite graphs in the current organisation (/current-user/favourite-graphs): the
 * time series screen sets them, the dashboard's Favourite Graphs tab lists, renames and deletes them.
 */
export function useFavouriteGraphs() {
  const orgId = useOrganisationId();
  return useOperation(ops.favourites, orgId === null ? null : {});
}

export function useSaveFavouriteGraph() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; graph: string }) => call(ops.saveFavourite, { body }),
    onSuccess: () => invalidate(client, ops.favourites),
  });
}

export function useRenameFavouriteGraph() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; newName: string }) => call(ops.renameFavourite, { body }),
    onSuccess: () => invalidate(client, ops.favourites),
  });
}

export function useDeleteFavouriteGraph() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(ops.deleteFavourite, { body: { name } }),
    onSuccess: () => invalidate(client, ops.favourites),
  });
}
