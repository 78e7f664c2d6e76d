import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  distributionList,
  type GroupType,
  groupDetail,
  memberDetails,
  membershipAnswer,
} from '@verdant/contracts/groupings';
import { groupTarget } from '@verdant/contracts/targets';
import { api } from '../../lib/api-client';

/** The groups screens share the 'groupings' key root, so a change anywhere refreshes every list. */
const keys = {
  all: ['groupings'] as const,
  group: (type: GroupType, id: number) => ['groupings', 'group', type, id] as const,
};

export function useGroup(type: GroupType, id: number) {
  return useQuery({
    queryKey: keys.group(type, id),
    queryFn: ({ signal }) => api.get(`/${type}-groups/${id}`, { schema: groupDetail, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useMemberDetails(type: GroupType, id: number) {
  return useQuery({
    queryKey: [...keys.group(type, id), 'members'],
    queryFn: ({ signal }) =>
      api.get(`/${type}-groups/${id}/${type}s/details`, { schema: memberDetails, signal }),
  });
}

export function useInclusion(type: GroupType, id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.group(type, id), 'inclusion'],
    queryFn: ({ signal }) =>
      api.get(`/${type}-groups/${id}/asset-inclusion`, { schema: distributionList, signal }),
    enabled,
  });
}

export function useRenameGroup(type: GroupType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.put(`/${type}-groups/${id}`, { body: { name }, schema: groupDetail }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useMembership(type: GroupType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assetId, join }: { assetId: number; join: boolean }) =>
      (join ? api.post : api.delete)(`/${type}-groups/${id}/${type}s/${assetId}?focus=NONE`, {
        schema: membershipAnswer,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** GET and PUT /{type}-groups/{id}/target: the group's own yearly targets (kg CO2e, kWh); null clears one. */
export function useGroupTarget(type: GroupType, id: number) {
  return useQuery({
    queryKey: [...keys.group(type, id), 'target'],
    queryFn: ({ signal }) => api.get(`/${type}-groups/${id}/target`, { schema: groupTarget, signal }),
  });
}

export function useSaveGroupTarget(type: GroupType, id: number) {
  const client = useQueryClient();
  return (kind: 'co2e' | 'cons', value: string | null) =>
    api
      .put(`/${type}-groups/${id}/target`, {
        body: { [kind]: value === null ? null : Number(value) },
        schema: groupTarget,
      })
      .then((saved) => client.setQueryData([...keys.group(type, id), 'target'], saved));
}
