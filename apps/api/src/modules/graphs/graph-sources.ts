import type { GraphSeriesDef, QuantitiesMeasured } from '@verdant/contracts/graphs';
import type { DbOrTx } from '@verdant/db/client';
import { hasHalfHourData } from '@verdant/db/ledger/day-sums';
import {
  type GraphAssetType,
  type GraphQuantity,
  type SplitKind,
  type SplitPart,
  splitSeries,
} from '@verdant/domain/graphs/series';
import { MSG } from '@verdant/domain/messages';
import { badRequest, notFound } from '../../lib/errors';
import { allowedOf, type CheckedCaller, canOnAssets, visibleMetersOf } from '../../lib/rights';
import { timeMatchedSeries } from '../../lib/time-matched';
import { datasetQuantities } from './dataset-figures';
import * as q from './graphs.queries';

/**
 * The sources of a graph: which meters stand behind an asset (of the organisation, seen by the caller), what
 * they measure, and how the asset splits. An asset the caller may not see, or of another organisation, is
 * 'not found', whatever else the request holds: nothing of it is shown.
 */
export interface Source {
  /** The caller's visible meters behind the asset; null: every meter of the organisation. */
  meters: number[] | null;
  /** Every one of them, listed (the organisation's too). */
  listed: number[];
}

const key = (a: q.AssetRef) => `${a.type}:${a.id}`;

export async function resolveSources(
  db: DbOrTx,
  caller: CheckedCaller,
  organisationId: number,
  assets: readonly q.AssetRef[],
): Promise<Map<string, Source>> {
  const distinct = [...new Map(assets.map((a) => [key(a), { type: a.type, id: a.id }])).values()];
  const [allowed, meters, visible] = await Promise.all([
    canOnAssets(db, caller.principal, 'view', organisationId, distinct),
    q.assetMeters(db, organisationId, distinct),
    visibleMetersOf(db, caller, organisationId),
  ]);
  const out = new Map<string, Source>();
  distinct.forEach((asset, i) => {
    const found = meters[i];
    if (!allowed[i] || found === null || found === undefined) throw notFound();
    const seen = visible === null ? found : found.filter((id) => visible.includes(id));
    const whole = asset.type === 'organisation' && visible === null;
    out.set(key(asset), { meters: whole ? null : seen, listed: seen });
  });
  return out;
}

export const sourceOf = (sources: Map<string, Source>, asset: q.AssetRef): Source =>
  sources.get(key(asset)) ?? { meters: [], listed: [] };

/** A meter's (or a vehicle's) own figures: every data type it has, whichever totals it counts in. */
export const ownFigures = (type: GraphAssetType) => type === 'meter';

const UNITS: Record<Exclude<GraphQuantity['type'], 'units'>, string> = {
  cons: 'kWh',
  cost: '$',
  co2e: 'kg CO2e',
  scope1: 'kg CO2e',
  scope2: 'kg CO2e',
  scope2_market: 'kg CO2e',
  scope3: 'kg CO2e',
};
const LABELS: Record<Exclude<GraphQuantity['type'], 'units'>, string> = {
  cons: 'Energy consumption',
  cost: 'Cost',
  co2e: 'Emissions',
  scope1: 'Scope 1 emissions',
  scope2: 'Scope 2 emissions (location-based)',
  scope2_market: 'Scope 2 emissions (market-based)',
  scope3: 'Scope 3 emissions',
};

const quantity = (type: GraphQuantity['type'], rest: Partial<GraphQuantity> = {}): GraphQuantity => ({
  source: 'ledger',
  type,
  id: null,
  filter: null,
  label: type === 'units' ? '' : LABELS[type],
  unit: type === 'units' ? '' : UNITS[type],
  split: null,
  ...rest,
});

/** Time-matched scope 2 beside the annual average on the same half hours, and the difference. */
const TIME_MATCHED_QUANTITIES: (Partial<GraphQuantity> & { label: string })[] = [
  { source: 'time-matched', filter: 'matched', label: 'Scope 2 time-matched (half-hourly)' },
  { source: 'time-matched', filter: 'average', label: 'Scope 2 at the annual average (same half hours)' },
  { source: 'time-matched', filter: 'difference', label: 'Scope 2 time-matched minus annual average' },
];

/** The unit a quantity's figures are in (the server's word, not the request's label). */
export function unitOf(quantityOf: GraphQuantity, dataTypeUnits: Map<number, string>): string {
  if (quantityOf.type !== 'units') return UNITS[quantityOf.type];
  if (quantityOf.id !== null) return dataTypeUnits.get(quantityOf.id) ?? quantityOf.unit;
  return quantityOf.filter ?? quantityOf.unit;
}

/** GET /{assetKind}/{id}/quantities-measured: the totals, then each data type its meters measure. */
export async function quantitiesMeasured(
  db: DbOrTx,
  caller: CheckedCaller,
  organisationId: number,
  asset: q.AssetRef,
  standardUnits: boolean,
): Promise<QuantitiesMeasured> {
  const source = sourceOf(await resolveSources(db, caller, organisationId, [asset]), asset);
  const [types, halfHour] = await Promise.all([
    q.meterDataTypes(db, organisationId, source.meters),
    source.listed.length === 0 ? false : hasHalfHourData(db, organisationId, source.meters),
  ]);
  if (standardUnits) {
    const units = new Map<string, string>();
    for (const t of types) if (!units.has(t.std_unit)) units.set(t.std_unit, t.standardised_unit);
    return {
      halfHour,
      quantities: [...units].map(([unit, measured]) =>
        quantity('units', { filter: unit, unit, label: `All ${measured} (${unit})` }),
      ),
    };
  }
  const energy = types.some((t) => t.type_id === 1);
  const totals = [...(energy ? [quantity('cons')] : []), quantity('cost'), quantity('co2e')];
  const scopes = [quantity('scope1'), quantity('scope2'), quantity('scope2_market'), quantity('scope3')];
  const each = types.map((t) => quantity('units', { id: t.id, label: t.name, unit: t.std_unit }));
  const grid =
    asset.type === 'meter' && halfHour ? await timeMatchedSeries(db, organisationId, asset.id) : null;
  // A sample series says so in every name its figures go by (legend, table, CSV).
  const sample = grid?.sample ? ', sample grid data' : '';
  const matched = grid
    ? TIME_MATCHED_QUANTITIES.map((t) => quantity('scope2', { ...t, label: `${t.label}${sample}` }))
    : [];
  const indicators = await datasetQuantities(db);
  return { halfHour, quantities: [...totals, ...scopes, ...matched, ...each, ...indicators] };
}

/** The parts a source splits into, as series the graph can add, and how many parts the caller may not see. */
export async function splitParts(
  db: DbOrTx,
  caller: CheckedCaller,
  organisationId: number,
  base: GraphSeriesDef,
  kind: SplitKind,
): Promise<{ parts: { name: string; series: GraphSeriesDef }[]; hidden: number }> {
  const asset = base.asset;
  // Time-matched scope 2 is one meter's own figure: there is nothing to split.
  // A public dataset belongs to no asset: nothing to split either.
  if (base.quantity.source === 'time-matched' || base.quantity.source === 'dataset')
    throw badRequest(MSG.graphSplitNone);
  const source = sourceOf(await resolveSources(db, caller, organisationId, [asset]), asset);
  let parts: SplitPart[] = [];
  let hidden = 0;
  if (kind === 'data-type') {
    const wanted = base.quantity;
    if (wanted.type === 'units' && wanted.id !== null) throw badRequest(MSG.graphSplitNone);
    const types = (await q.meterDataTypes(db, organisationId, source.meters)).filter(
      (t) =>
        (wanted.type !== 'cons' || t.type_id === 1) &&
        (wanted.type !== 'units' || wanted.filter === null || t.std_unit === wanted.filter),
    );
    parts = types.map((t) => ({ name: t.name, dataType: { id: t.id, unit: t.std_unit } }));
  } else if (kind === 'asset') {
    if (asset.type === 'meter' || asset.type === 'entity') throw badRequest(MSG.graphSplitNone);
    const children = await q.childAssets(db, organisationId, asset);
    const seen = await allowedOf(db, caller.principal, 'view', organisationId, children);
    hidden = children.length - seen.length;
    parts = seen.map((c) => ({ name: c.name, asset: { type: c.type, id: c.id, text: c.name } }));
  } else {
    if (asset.type !== 'organisation') throw badRequest(MSG.graphSplitNone);
    const groups = await q.organisationGroups(db, organisationId);
    const refs = groups.map((g) => ({ ...g, type: `${g.member_type}-group` as const }));
    const seen = await allowedOf(db, caller.principal, 'view', organisationId, refs);
    hidden = groups.length - seen.length;
    parts = seen.map((g) => {
      const name = g.grouping ? `${g.grouping}: ${g.name}` : g.name;
      return { name, asset: { type: g.type, id: g.id, text: name } };
    });
  }
  const series = splitSeries(base, kind, parts);
  return { parts: parts.map((p, i) => ({ name: p.name, series: series[i] as GraphSeriesDef })), hidden };
}
