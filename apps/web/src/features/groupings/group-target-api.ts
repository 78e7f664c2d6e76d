import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupType } from '@verdant/contracts/groupings';
import { groupTarget } from '@verdant/contracts/targets';
import { api } from '../../lib/api-client';

const key = (type: GroupType, id: number) => ['groupings', 'target', type, id];

/** GET and PUT /{type}-groups/{id}/target: the group's own yearly targets (kg CO2e, kWh); null clears one. */
export function useGroupTarget(type: GroupType, id: number) {
  return useQuery({
    queryKey: key(type, id),
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
      .then((saved) => client.setQueryData(key(type, id), saved));
}
