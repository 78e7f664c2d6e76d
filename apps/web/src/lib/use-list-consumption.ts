import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListConsumption, listConsumption } from '@verdant/contracts/dashboard';
import { POLL_MS } from '@verdant/domain/constants';
import { useEffect, useState } from 'react';
import { api } from './api-client';
import { useOrganisationId } from './session-store';

/**
 * The organisation's per-month figures of one list (`/{handle}-consumption/{measure}/{yyyyMM}`): while some
 * assets are being recomputed (`unavailable`), asks again every POLL_MS, passing back the server's
 * `cantUseCache` (data-portal spec 4, "Consumption lists").
 */
export function useListConsumption(
  handle: 'sites' | 'meters' | 'data-sources',
  measure: 'cons' | 'cost' | 'co2',
  month: string,
) {
  const orgId = useOrganisationId();
  const [cantUseCache, setCantUseCache] = useState(false);
  const query = useQuery({
    queryKey: [handle, orgId, 'consumption', measure, month, cantUseCache],
    queryFn: ({ signal }) =>
      api.get(
        `/organisations/${orgId}/${handle}-consumption/${measure}/${month}${cantUseCache ? '?cantUseCache=true' : ''}`,
        { schema: listConsumption, signal },
      ),
    enabled: orgId !== null && month !== '',
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.unavailable.length ?? 0) > 0 ? POLL_MS : false),
  });
  const answered = query.data?.cantUseCache ?? false;
  useEffect(() => setCantUseCache(answered), [answered]);
  return query as { data: ListConsumption | undefined; isFetching: boolean };
}
