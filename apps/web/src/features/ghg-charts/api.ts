import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ghgChart } from '@verdant/contracts/ghg-charts';
import { groupingsList } from '@verdant/contracts/groupings';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import type { GroupingChoice } from './chart-kinds';

const useOrgId = () => useSession()?.organisation?.id ?? null;

/** The organisation's site and data source groupings (the grouping dropdowns and which tiles show). */
export function useGhgGroupings() {
  const orgId = useOrgId();
  return useQuery({
    queryKey: ['ghg-groupings', orgId],
    queryFn: async ({ signal }) => {
      const [sites, meters] = await Promise.all(
        (['site', 'meter'] as const).map((type) =>
          api.get(`/organisations/${type}-group-groupings`, { schema: groupingsList, signal }),
        ),
      );
      const choice = (type: 'site' | 'meter') => (g: { id: number; name: string }) => ({
        type,
        id: g.id,
        name: g.name,
      });
      return [
        ...(sites?.groupings ?? []).map(choice('site')),
        ...(meters?.groupings ?? []).map(choice('meter')),
      ] as GroupingChoice[];
    },
    enabled: orgId !== null,
  });
}

export interface ChartRange {
  from: string;
  to: string;
}
const query = (range: ChartRange | null, format?: 'csv') => {
  const q = new URLSearchParams();
  if (range) {
    q.set('from', range.from);
    q.set('to', range.to);
  }
  if (format) q.set('format', format);
  const text = q.toString();
  return text ? `?${text}` : '';
};

/**
 * A chart's figures; `range` null asks for the last complete reporting year. While meters are being
 * recomputed the answer leaves them out and says how many: it is asked again every 2 s.
 */
export function useGhgChart(path: string | null, range: ChartRange | null) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: ['ghg-chart', orgId, path, range],
    queryFn: ({ signal }) => api.get(`${path}${query(range)}`, { schema: ghgChart, signal }),
    enabled: orgId !== null && path !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.pending ?? 0) > 0 ? 2000 : false),
  });
}

/** The chart's figures as the API's CSV. */
export function fetchChartCsv(path: string, range: ChartRange) {
  return api.get(`${path}${query(range, 'csv')}`, { schema: z.string() });
}
