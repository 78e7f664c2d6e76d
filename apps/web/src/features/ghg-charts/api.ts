import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type GhgChart, type GhgRangeQuery, ghgChartsOperations as ops } from '@verdant/contracts/ghg-charts';
import { groupingsOperations } from '@verdant/contracts/groupings';
import { call, keyOf, useOperation } from '../../lib/operations';
import { useSession } from '../../lib/session-store';
import type { ChartCall, GroupingChoice } from './chart-kinds';

const useOrgId = () => useSession()?.organisation?.id ?? null;

/** The organisation's site and data source groupings (the grouping dropdowns and which tiles show). */
export function useGhgGroupings() {
  const orgId = useOrgId();
  const input = orgId === null ? null : {};
  const sites = useOperation(groupingsOperations.siteGroupings, input);
  const meters = useOperation(groupingsOperations.meterGroupings, input);
  const choice = (type: 'site' | 'meter') => (g: { id: number; name: string }) => ({
    type,
    id: g.id,
    name: g.name,
  });
  const data: GroupingChoice[] | undefined =
    sites.data && meters.data
      ? [...sites.data.groupings.map(choice('site')), ...meters.data.groupings.map(choice('meter'))]
      : undefined;
  const error = sites.error ?? meters.error;
  return { data, isPending: sites.isPending || meters.isPending, isError: error !== null, error };
}

export interface ChartRange {
  from: string;
  to: string;
}

type Query = Partial<Pick<GhgRangeQuery, 'from' | 'to' | 'format'>>;

/** Calls the chart's operation: its figures, or with `format: 'csv'` the same figures as the API's CSV. */
function chartOf(target: ChartCall, query: Query, signal?: AbortSignal): Promise<GhgChart | string> {
  const options = { signal };
  switch (target.op) {
    case 'scopeActivity':
      return call(ops.scopeActivity, { query }, options);
    case 'groupingByScope':
      return call(ops.groupingByScope, { params: target.params, query }, options);
    case 'activityByGrouping':
      return call(ops.activityByGrouping, { params: target.params, query }, options);
    case 'groupingByActivityByGrouping':
      return call(ops.groupingByActivityByGrouping, { params: target.params, query }, options);
  }
}

/** JSON answers are the chart itself. */
const asChart = (answer: GhgChart | string): GhgChart => {
  if (typeof answer === 'string') throw new Error('The chart answered text instead of figures');
  return answer;
};

/**
 * A chart's figures; `range` null asks for the last complete reporting year. While meters are being
 * recomputed the answer leaves them out and says how many: it is asked again every 2 s.
 */
export function useGhgChart(target: ChartCall | null, range: ChartRange | null) {
  const orgId = useOrgId();
  const query: Query = range ?? {};
  return useQuery<GhgChart>({
    queryKey: keyOf(
      ops[target?.op ?? 'scopeActivity'],
      { params: target && 'params' in target ? target.params : undefined, query },
      orgId,
    ),
    queryFn: ({ signal }) => chartOf(target as ChartCall, query, signal).then(asChart),
    enabled: orgId !== null && target !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.pending ?? 0) > 0 ? 2000 : false),
  });
}

/** The chart's figures as the API's CSV. */
export async function fetchChartCsv(target: ChartCall, range: ChartRange) {
  const csv = await chartOf(target, { ...range, format: 'csv' });
  return typeof csv === 'string' ? csv : '';
}
