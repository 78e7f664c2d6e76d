import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ASSET_KIND_PATHS,
  type GraphDataRequest,
  type GraphSeriesDef,
  graphDataAnswer,
  type PieDataRequest,
  pieDataAnswer,
  quantitiesMeasured,
  SPLIT_PATHS,
  splitAnswer,
} from '@verdant/contracts/graphs';
import { organisation } from '@verdant/contracts/organisations';
import { POLL_MS } from '@verdant/domain/constants';
import type { GraphAsset, SplitKind } from '@verdant/domain/graphs/series';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';

export function useOrgId() {
  return useSession()?.organisation?.id ?? null;
}

/** The organisation's reporting year end (12, 3 or 6): a graph's years are its reporting years. */
export function useYearEnd() {
  const orgId = useOrgId();
  const query = useQuery({
    queryKey: ['organisation', orgId],
    queryFn: ({ signal }) => api.get(`/organisations/${orgId}`, { schema: organisation, signal }),
    enabled: orgId !== null,
    staleTime: 5 * 60_000,
  });
  return { yearEnd: query.data?.reportingYearEnd ?? null, failed: query.isError };
}

/** What an asset measures: the totals, scopes and data types, and its standard units. */
export function useMeasured(asset: GraphAsset | null) {
  const path = asset ? `/${ASSET_KIND_PATHS[asset.type]}/${asset.id}` : '';
  const quantities = useQuery({
    queryKey: ['graphs', 'measured', path],
    queryFn: ({ signal }) => api.get(`${path}/quantities-measured`, { schema: quantitiesMeasured, signal }),
    enabled: asset !== null,
  });
  const units = useQuery({
    queryKey: ['graphs', 'stdunits', path],
    queryFn: ({ signal }) => api.get(`${path}/stdunits-measured`, { schema: quantitiesMeasured, signal }),
    enabled: asset !== null,
  });
  return { quantities, units };
}

/** The parts a source splits into, each a ready series. */
export function useSplit(series: GraphSeriesDef | null, kind: SplitKind | null) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: ['graphs', 'split', orgId, kind, series],
    queryFn: ({ signal }) =>
      api.post(`/organisations/${orgId}/graph-data/${SPLIT_PATHS[kind ?? 'asset']}-for-split`, {
        body: { series },
        schema: splitAnswer,
        signal,
      }),
    enabled: orgId !== null && series !== null && kind !== null,
  });
}

/**
 * The graph's figures. Each request is its own query, so an answer that arrives for years or an end month
 * no longer asked for is never shown: the screen shows the answer to what it asks now, keeping the last one
 * (marked stale) while the new one loads. Series whose data sources wait for the ledger's recompute are
 * asked again every 2 s.
 */
export function useGraphData(request: GraphDataRequest | null) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: ['graphs', 'data', orgId, request],
    queryFn: ({ signal }) =>
      api.post(`/organisations/${orgId}/graph-data`, { body: request, schema: graphDataAnswer, signal }),
    enabled: orgId !== null && request !== null && request.series.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.series.some((s) => s.unavailable) ? POLL_MS : false),
    retry: false,
  });
}

export function usePieData(request: PieDataRequest | null) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: ['graphs', 'pie', orgId, request],
    queryFn: ({ signal }) =>
      api.post(`/organisations/${orgId}/pie-data`, { body: request, schema: pieDataAnswer, signal }),
    enabled: orgId !== null && request !== null,
    refetchInterval: (query) => (query.state.data?.unavailable ? POLL_MS : false),
    retry: false,
  });
}
