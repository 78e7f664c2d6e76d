import { useQueryClient } from '@tanstack/react-query';
import type { GroupType } from '@verdant/contracts/groupings';
import { groupTargetsOf } from '@verdant/contracts/targets';
import { call, keyOf, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** GET and PUT /{type}-groups/{id}/target: the group's own yearly targets (kg CO2e, kWh); null clears one. */
export const useGroupTarget = (type: GroupType, id: number) =>
  useOperation(groupTargetsOf(type).read, { params: { id } });

export function useSaveGroupTarget(type: GroupType, id: number) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  const ops = groupTargetsOf(type);
  return (kind: 'co2e' | 'cons', value: string | null) =>
    call(ops.set, { params: { id }, body: { [kind]: value === null ? null : Number(value) } }).then((saved) =>
      client.setQueryData(keyOf(ops.read, { params: { id } }, orgId), saved),
    );
}
