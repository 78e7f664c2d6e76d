import { useQuery } from '@tanstack/react-query';
import {
  gainersAndLosers,
  type Measure,
  monthlySavings,
  yearlyComparison,
} from '@verdant/contracts/dashboard';
import { api } from '../../lib/api-client';
import { useOrganisationId } from '../../lib/session-store';

/** Figures change only when data is entered, so a few minutes' cache makes switching measures instant. */
const STALE_MS = 5 * 60_000;

/** Every key carries the organisation, so a switch never shows the previous organisation's figures. */
function useDashboardKey(...parts: string[]) {
  const orgId = useOrganisationId();
  return { key: ['dashboard', orgId, ...parts], enabled: orgId !== null };
}

export function useYearlyComparison(measure: Measure) {
  const { key, enabled } = useDashboardKey('yearly-comparison', measure);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get(`/dashboard/yearly-comparison-${measure}`, { schema: yearlyComparison, signal }),
    enabled,
    staleTime: STALE_MS,
  });
}

export function useMonthlySavings(measure: Measure) {
  const { key, enabled } = useDashboardKey('monthly-savings', measure);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get(`/dashboard/monthly-savings-${measure}`, { schema: monthlySavings, signal }),
    enabled,
    staleTime: STALE_MS,
  });
}

export function useGainersAndLosers() {
  const { key, enabled } = useDashboardKey('gainers-and-losers');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get('/dashboard/gainers-and-losers', { schema: gainersAndLosers, signal }),
    enabled,
    staleTime: STALE_MS,
  });
}
