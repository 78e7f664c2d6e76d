import { keepPreviousData } from '@tanstack/react-query';
import {
  type GraphDataRequest,
  type GraphSeriesDef,
  graphsOperations as ops,
  type PieDataRequest,
} from '@verdant/contracts/graphs';
import { organisationsOperations } from '@verdant/contracts/organisations';
import { POLL_MS } from '@verdant/domain/constants';
import type { GraphAsset, GraphAssetType, SplitKind } from '@verdant/domain/graphs/series';
import { useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

export const useOrgId = useOrganisationId;

/** The organisation's reporting year end (12, 3 or 6): a graph's years are its reporting years. */
export function useYearEnd() {
  const orgId = useOrgId();
  const query = useOperation(
    organisationsOperations.read,
    orgId === null ? null : { params: { id: orgId } },
    {
      staleTime: 5 * 60_000,
    },
  );
  return { yearEnd: query.data?.reportingYearEnd ?? null, failed: query.isError };
}

type MeasuredOp = (typeof ops)[
  | `${'organisation' | 'siteGroup' | 'meterGroup' | 'site' | 'entity' | 'meter' | 'vehicle'}Quantities`
  | `${'organisation' | 'siteGroup' | 'meterGroup' | 'site' | 'entity' | 'meter' | 'vehicle'}Units`];

/** What each kind of asset is asked: what it measures, and its standard units. */
const MEASURED: Record<GraphAssetType, { quantities: MeasuredOp; units: MeasuredOp }> = {
  organisation: { quantities: ops.organisationQuantities, units: ops.organisationUnits },
  'site-group': { quantities: ops.siteGroupQuantities, units: ops.siteGroupUnits },
  'meter-group': { quantities: ops.meterGroupQuantities, units: ops.meterGroupUnits },
  site: { quantities: ops.siteQuantities, units: ops.siteUnits },
  entity: { quantities: ops.entityQuantities, units: ops.entityUnits },
  meter: { quantities: ops.meterQuantities, units: ops.meterUnits },
  vehicle: { quantities: ops.vehicleQuantities, units: ops.vehicleUnits },
};

/** What an asset measures: the totals, scopes and data types, and its standard units. */
export function useMeasured(asset: GraphAsset | null) {
  const calls = MEASURED[asset?.type ?? 'organisation'];
  const input = asset ? { params: { id: asset.id } } : null;
  const quantities = useOperation(calls.quantities, input);
  const units = useOperation(calls.units, input);
  return { quantities, units };
}

const SPLITS = {
  asset: ops.assetsForSplit,
  'data-type': ops.dataTypesForSplit,
  group: ops.groupsForSplit,
} as const satisfies Record<SplitKind, unknown>;

/** The parts a source splits into, each a ready series. */
export function useSplit(series: GraphSeriesDef | null, kind: SplitKind | null) {
  const orgId = useOrgId();
  return useOperation(
    SPLITS[kind ?? 'asset'],
    orgId === null || series === null || kind === null ? null : { params: { orgId }, body: { series } },
  );
}

/**
 * The graph's figures. Each request is its own query, so an answer that arrives for years or an end month
 * no longer asked for is never shown: the screen shows the answer to what it asks now, keeping the last one
 * (marked stale) while the new one loads. Series whose data sources wait for the ledger's recompute are
 * asked again every 2 s.
 */
export function useGraphData(request: GraphDataRequest | null) {
  const orgId = useOrgId();
  return useOperation(
    ops.graphData,
    orgId === null || request === null || request.series.length === 0
      ? null
      : { params: { orgId }, body: request },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.series.some((s) => s.unavailable) ? POLL_MS : false),
      retry: false,
    },
  );
}

export function usePieData(request: PieDataRequest | null) {
  const orgId = useOrgId();
  return useOperation(
    ops.pieData,
    orgId === null || request === null ? null : { params: { orgId }, body: request },
    {
      refetchInterval: (query) => (query.state.data?.unavailable ? POLL_MS : false),
      retry: false,
    },
  );
}
