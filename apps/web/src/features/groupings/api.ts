import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type GroupType,
  groupingsOf,
  type NewGroupBody,
  type NewGroupingBody,
  groupingsOperations as ops,
} from '@verdant/contracts/groupings';
import { call, invalidate, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

export type GroupingKind = GroupType | 'reporting';

const LISTS = { site: ops.siteGroupings, meter: ops.meterGroupings, reporting: ops.reportingGroupings };

export function useGroupings(kind: GroupingKind) {
  const orgId = useOrganisationId();
  return useOperation(LISTS[kind], orgId === null ? null : {});
}

/** Every screen about groups reads the groupings table: a change anywhere refreshes all of them. */
export const refreshGroupings = (client: ReturnType<typeof useQueryClient>) => invalidate(client, ops);

export function useCreateGrouping() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, ...body }: NewGroupingBody & { type: GroupType }) =>
      call(groupingsOf(type).createGrouping, { params: { id: orgId as number }, body }),
    onSuccess: () => refreshGroupings(client),
  });
}

export function useCreateGroup() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, ...body }: NewGroupBody & { type: GroupType }) =>
      call(groupingsOf(type).createGroup, { params: { id: orgId as number }, body }),
    onSuccess: () => refreshGroupings(client),
  });
}
