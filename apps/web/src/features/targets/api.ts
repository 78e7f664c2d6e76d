import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Measure,
  type NewTargetRequest,
  performanceReport,
  target,
  targetList,
} from '@verdant/contracts/targets';
import { api } from '../../lib/api-client';
import { useOrganisationId } from '../../lib/session-store';

export function useTargets() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: ['targets', orgId],
    queryFn: ({ signal }) => api.get(`/organisations/${orgId}/targets`, { schema: targetList, signal }),
    enabled: orgId !== null,
  });
}

export function useCreateTarget() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTargetRequest) =>
      api.post(`/organisations/${orgId}/targets`, { body: { ...body, orgId }, schema: target }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['targets', orgId] }),
  });
}

/** The organisation's report, or a grouping's (`scope` 'site-groupings/{id}' or 'meter-groupings/{id}'). */
export function usePerformance(scope: string | null, targetId: number | null, measure: Measure) {
  const orgId = useOrganisationId();
  const path = scope ? `/${scope}` : `/organisations/${orgId}`;
  const query = `?measure=${measure}${targetId ? `&target=${targetId}` : ''}`;
  return useQuery({
    queryKey: ['performance', orgId, scope, targetId, measure],
    queryFn: ({ signal }) =>
      api.get(`${path}/reports/performance-against-targets${query}`, { schema: performanceReport, signal }),
    enabled: orgId !== null,
  });
}
