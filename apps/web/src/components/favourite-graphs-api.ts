import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@verdant/contracts/common';
import { favouriteGraph, favouriteGraphSaved, favouriteGraphs } from '@verdant/contracts/graphs';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session-store';

/**
 * The signed-in person's favourite graphs in the current organisation (/current-user/favourite-graphs): the
 * time series screen sets them, the dashboard's Favourite Graphs tab lists, renames and deletes them.
 */
function useKey() {
  const orgId = useSession()?.organisation?.id ?? null;
  return { key: ['favourite-graphs', orgId], enabled: orgId !== null };
}

const PATH = '/current-user/favourite-graphs';

export function useFavouriteGraphs() {
  const { key, enabled } = useKey();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get(PATH, { schema: favouriteGraphs, signal }),
    enabled,
  });
}

export function useSaveFavouriteGraph() {
  const { key } = useKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; graph: string }) =>
      api.post(PATH, { body, schema: favouriteGraphSaved }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRenameFavouriteGraph() {
  const { key } = useKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; newName: string }) => api.put(PATH, { body, schema: favouriteGraph }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteFavouriteGraph() {
  const { key } = useKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete(PATH, { body: { name }, schema: okResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
