import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GroupType, groupingsOf } from '@verdant/contracts/groupings';
import { call, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';
import { refreshGroupings } from './api';

export const useGrouping = (type: GroupType, id: number) =>
  useOperation(groupingsOf(type).grouping, Number.isInteger(id) && id > 0 ? { params: { id } } : null, {
    retry: false,
  });

export const useDistribution = (type: GroupType, id: number) =>
  useOperation(groupingsOf(type).distribution, { params: { id } });

/** The groups in no grouping, which may join this one. */
export function useUncontrolledGroups(type: GroupType) {
  const orgId = useOrganisationId();
  return useOperation(groupingsOf(type).list, orgId === null ? null : {}, {
    select: (list) => list.ungroupingedGroups,
  });
}

export function useRenameGrouping(type: GroupType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(groupingsOf(type).renameGrouping, { params: { id }, body: { name } }),
    onSuccess: () => refreshGroupings(client),
  });
}

/** Puts a group in (or takes it out of) this grouping. */
export function useAssignGroup(type: GroupType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, join }: { groupId: number; join: boolean }) => {
      const ops = groupingsOf(type);
      return call(join ? ops.joinGrouping : ops.leaveGrouping, { params: { id: groupId, groupingId: id } });
    },
    onSettled: () => refreshGroupings(client),
  });
}

export function useNewGroupIn(type: GroupType, id: number) {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      call(groupingsOf(type).createGroup, { params: { id: orgId as number }, body: { name, memberOf: id } }),
    onSettled: () => refreshGroupings(client),
  });
}

/** Moves an asset to a group of the grouping (null: out of the grouping's groups). */
export function useAssignAsset(type: GroupType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ assetId, from, to }: { assetId: number; from: number[]; to: number | null }) => {
      const ops = groupingsOf(type);
      const query = { focus: 'NONE' as const };
      if (to !== null) return call(ops.addMember, { params: { id: to, assetId }, query });
      for (const groupId of from) await call(ops.removeMember, { params: { id: groupId, assetId }, query });
      return null;
    },
    onSettled: () => refreshGroupings(client),
  });
}
