import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  created,
  distributionList,
  type GroupType,
  groupingDetail,
  groupingsList,
  membershipAnswer,
} from '@verdant/contracts/groupings';
import { api } from '../../lib/api-client';
import { useOrganisationId } from '../../lib/session-store';

/** The groups screens share the 'groupings' key root, so a change anywhere refreshes every list. */
const keys = {
  all: ['groupings'] as const,
  grouping: (type: GroupType, id: number) => ['groupings', 'grouping', type, id] as const,
};

export function useGrouping(type: GroupType, id: number) {
  return useQuery({
    queryKey: keys.grouping(type, id),
    queryFn: ({ signal }) => api.get(`/${type}-groups/groupings/${id}`, { schema: groupingDetail, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useDistribution(type: GroupType, id: number) {
  return useQuery({
    queryKey: [...keys.grouping(type, id), 'distribution'],
    queryFn: ({ signal }) =>
      api.get(`/${type}-groups/groupings/${id}/asset-distribution`, { schema: distributionList, signal }),
  });
}

/** The groups in no grouping, which may join this one. */
export function useUncontrolledGroups(type: GroupType) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: ['groupings', type, orgId],
    queryFn: ({ signal }) =>
      api.get(`/organisations/${type}-group-groupings`, { schema: groupingsList, signal }),
    select: (list) => list.ungroupingedGroups,
  });
}

export function useRenameGrouping(type: GroupType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.put(`/${type}-groups/groupings/${id}`, { body: { name }, schema: groupingDetail }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Puts a group in (or takes it out of) this grouping. */
export function useAssignGroup(type: GroupType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, join }: { groupId: number; join: boolean }) =>
      (join ? api.post : api.delete)(`/${type}-groups/${groupId}/grouping/${id}`, { schema: groupingDetail }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useNewGroupIn(type: GroupType, id: number) {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post(`/organisations/${orgId}/${type}-groups`, { body: { name, memberOf: id }, schema: created }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Moves an asset to a group of the grouping (null: out of the grouping's groups). */
export function useAssignAsset(type: GroupType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ assetId, from, to }: { assetId: number; from: number[]; to: number | null }) => {
      if (to !== null)
        return api.post(`/${type}-groups/${to}/${type}s/${assetId}?focus=NONE`, { schema: membershipAnswer });
      for (const groupId of from)
        await api.delete(`/${type}-groups/${groupId}/${type}s/${assetId}?focus=NONE`, {
          schema: membershipAnswer,
        });
      return null;
    },
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
