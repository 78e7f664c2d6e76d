import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GroupType, groupingsOf } from '@verdant/contracts/groupings';
import { call, useOperation } from '../../lib/operations';
import { refreshGroupings } from './api';

const valid = (id: number) => Number.isInteger(id) && id > 0;

export const useGroup = (type: GroupType, id: number) =>
  useOperation(groupingsOf(type).group, valid(id) ? { params: { id } } : null, { retry: false });

export const useMemberDetails = (type: GroupType, id: number) =>
  useOperation(groupingsOf(type).memberDetails, { params: { id } });

export const useInclusion = (type: GroupType, id: number, enabled: boolean) =>
  useOperation(groupingsOf(type).inclusion, { params: { id } }, { enabled });

export function useRenameGroup(type: GroupType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(groupingsOf(type).renameGroup, { params: { id }, body: { name } }),
    onSuccess: () => refreshGroupings(client),
  });
}

export function useMembership(type: GroupType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assetId, join }: { assetId: number; join: boolean }) => {
      const ops = groupingsOf(type);
      return call(join ? ops.addMember : ops.removeMember, {
        params: { id, assetId },
        query: { focus: 'NONE' },
      });
    },
    onSettled: () => refreshGroupings(client),
  });
}
