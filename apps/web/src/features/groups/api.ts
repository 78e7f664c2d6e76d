import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  created,
  type GroupType,
  groupingsList,
  type NewGroupBody,
  type NewGroupingBody,
} from '@verdant/contracts/groupings';
import { api } from '../../lib/api-client';
import { useOrganisationId } from '../../lib/session-store';

export type GroupingKind = GroupType | 'reporting';

/** Every screen about groups reads and refreshes under this key. */
export const groupingKeys = {
  all: ['groupings'] as const,
  list: (kind: GroupingKind) => ['groupings', kind] as const,
};

export function useGroupings(kind: GroupingKind) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: [...groupingKeys.list(kind), orgId],
    queryFn: ({ signal }) =>
      api.get(`/organisations/${kind}-group-groupings`, { schema: groupingsList, signal }),
    enabled: orgId !== null,
  });
}

export function useCreateGrouping() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, ...body }: NewGroupingBody & { type: GroupType }) =>
      api.post(`/organisations/${orgId}/reporting-group-groupings/${type}-groupings`, {
        body,
        schema: created,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupingKeys.all }),
  });
}

export function useCreateGroup() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, ...body }: NewGroupBody & { type: GroupType }) =>
      api.post(`/organisations/${orgId}/${type}-groups`, { body, schema: created }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupingKeys.all }),
  });
}
