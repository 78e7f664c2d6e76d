import { keepPreviousData } from '@tanstack/react-query';
import { dashboardOperations, type ListConsumption } from '@verdant/contracts/dashboard';
import { POLL_MS } from '@verdant/domain/constants';
import { useEffect, useState } from 'react';
import { useOperation } from './operations';
import { useOrganisationId } from './session-store';

/**
 * The organisation's per-month figures of one list (`/{handle}-consumption/{measure}/{yyyyMM}`): while some
 * assets are being recomputed (`unavailable`), asks again every POLL_MS, passing back the server's
 * `cantUseCache` (data-portal spec 4, "Consumption lists").
 */
const LISTS = {
  sites: dashboardOperations.sitesConsumption,
  meters: dashboardOperations.metersConsumption,
  'data-sources': dashboardOperations.dataSourcesConsumption,
} as const;

export function useListConsumption(
  handle: 'sites' | 'meters' | 'data-sources',
  measure: 'cons' | 'cost' | 'co2',
  month: string,
) {
  const orgId = useOrganisationId();
  const [cantUseCache, setCantUseCache] = useState(false);
  const op = LISTS[handle];
  const input =
    orgId === null || month === ''
      ? null
      : {
          params: { id: orgId, measure, month },
          query: { cantUseCache: cantUseCache ? ('true' as const) : undefined },
        };
  const query = useOperation(op, input, {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.unavailable.length ?? 0) > 0 ? POLL_MS : false),
  });
  const answered = query.data?.cantUseCache ?? false;
  useEffect(() => setCantUseCache(answered), [answered]);
  return query as { data: ListConsumption | undefined; isFetching: boolean };
}
