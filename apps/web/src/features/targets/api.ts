import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Measure, type NewTargetRequest, targetsOperations as ops } from '@verdant/contracts/targets';
import { call, invalidate, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

export function useTargets() {
  const orgId = useOrganisationId();
  return useOperation(ops.list, orgId === null ? null : { params: { id: orgId } });
}

export function useCreateTarget() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTargetRequest) =>
      call(ops.create, { params: { id: orgId as number }, body: { ...body, orgId: orgId ?? undefined } }),
    onSuccess: () => invalidate(client, ops.list),
  });
}

/** A grouping whose groups the report is about; none: the organisation's report. */
export interface PerformanceScope {
  type: 'site' | 'meter';
  id: number;
}

/** The organisation's report, or a grouping's. */
export function usePerformance(scope: PerformanceScope | null, targetId: number | null, measure: Measure) {
  const orgId = useOrganisationId();
  const query = { measure, target: targetId ?? undefined };
  const grouping = scope?.type === 'meter' ? ops.meterGroupingPerformance : ops.siteGroupingPerformance;
  const organisation = useOperation(
    ops.performance,
    !scope && orgId !== null ? { params: { id: orgId }, query } : null,
  );
  const ofGrouping = useOperation(
    grouping,
    scope && orgId !== null ? { params: { id: scope.id }, query } : null,
  );
  return scope ? ofGrouping : organisation;
}
