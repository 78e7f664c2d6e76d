import { CHART_BARS_MAX } from '../constants';

/**
 * A graph series (data-portal.md 3, Graph series): an asset, a quantity of it, and how it is drawn. The zod
 * contracts (packages/contracts/src/graphs.ts) validate the same shapes.
 */
export const GRAPH_ASSET_TYPES = [
  'organisation',
  'site-group',
  'meter-group',
  'site',
  'entity',
  'meter',
  'vehicle',
] as const;
export type GraphAssetType = (typeof GRAPH_ASSET_TYPES)[number];

export interface GraphAsset {
  type: GraphAssetType;
  id: number;
  text: string;
}

/**
 * What is measured: `cons` energy in kWh (the consumption totals), `cost` dollars before tax, `co2e` and the
 * scopes kg CO2e, `units` the quantity in its standard unit (of one data type, `id`, or of every data type in
 * the standard unit named by `filter`).
 */
export const QUANTITY_TYPES = [
  'cons',
  'cost',
  'co2e',
  'scope1',
  'scope2',
  'scope2_market',
  'scope3',
  'units',
] as const;
export type QuantityType = (typeof QUANTITY_TYPES)[number];

/** How a source is deaggregated: into its child assets, its data types, or the groups of a grouping. */
export const SPLIT_KINDS = ['asset', 'data-type', 'group'] as const;
export type SplitKind = (typeof SPLIT_KINDS)[number];

/**
 * Where a quantity's figures come from: the ledger's monthly facts, or (`time-matched`, a meter with
 * half-hour data and a grid intensity series for its region; docs/decisions/graphs.md, Time-matched scope 2
 * in the builder) its half hours priced at the grid's intensity in each half hour. With `time-matched` the
 * type is `scope2` and `filter` names the figure: 'matched' the time-matched kg, 'average' the same half
 * hours at the annual-average factor, 'difference' the first minus the second (a filter is always set, so no
 * time-matched quantity is mistaken for the ledger's). With `dataset` (a public dataset as an indicator;
 * docs/decisions/public-datasets.md, Indicators on graphs) the type is `units` and `id` names the dataset.
 */
export const QUANTITY_SOURCES = ['ledger', 'time-matched', 'dataset'] as const;
export type QuantitySource = (typeof QUANTITY_SOURCES)[number];

export interface GraphQuantity {
  source: QuantitySource;
  type: QuantityType;
  /** One data type only. */
  id: number | null;
  /** One standard unit only (with `units`). */
  filter: string | null;
  label: string;
  unit: string;
  /** The deaggregation the series came from, if any. */
  split: SplitKind | null;
}

export interface GraphSeries {
  asset: GraphAsset;
  quantity: GraphQuantity;
  presentation: 'normal' | 'cumulative';
  barline: 'bar' | 'line';
  forecast: boolean;
  /** Leaves the end month out (it is usually still incomplete). */
  removeLast: boolean;
  overrideName: string | null;
}

/** The name a series goes by: its own name if given, else the asset and the quantity. */
export function seriesName(series: Pick<GraphSeries, 'asset' | 'quantity' | 'overrideName'>): string {
  const own = series.overrideName?.trim();
  return own ? own : `${series.asset.text} - ${series.quantity.label}`;
}

/** One part of a deaggregation: a child asset or group (with `asset`), or a data type (with `dataType`). */
export interface SplitPart {
  name: string;
  asset?: GraphAsset;
  dataType?: { id: number; unit: string };
}

/**
 * The series of a deaggregated source, one per part: a child asset or group takes the place of the asset;
 * a data type narrows the quantity to itself (and its standard unit, for a quantity in standard units).
 */
export function splitSeries(base: GraphSeries, kind: SplitKind, parts: readonly SplitPart[]): GraphSeries[] {
  return parts.map((part) => {
    const quantity = { ...base.quantity, split: kind };
    if (part.dataType) {
      quantity.id = part.dataType.id;
      quantity.label = `${base.quantity.label}: ${part.name}`;
      if (base.quantity.type === 'units') {
        quantity.unit = part.dataType.unit;
        quantity.filter = null;
      }
      return { ...base, quantity, overrideName: null };
    }
    const asset = part.asset ?? base.asset;
    return { ...base, asset: { ...asset, text: part.name }, quantity, overrideName: null };
  });
}

/**
 * How each series is drawn when a group of bars may hold at most CHART_BARS_MAX bars (core-portal.md 9): bar
 * series in order take bars (one per line they draw, a line a year on a Yearly Chart) while they fit, and
 * the bar series after that are drawn as lines. Answers each series' kind and whether it was changed.
 */
export function barLayout(
  series: readonly { barline: 'bar' | 'line'; lines: number }[],
  max = CHART_BARS_MAX,
): { kind: 'bar' | 'line'; demoted: boolean }[] {
  let used = 0;
  return series.map((s) => {
    if (s.barline === 'line') return { kind: 'line', demoted: false };
    if (used + s.lines <= max) {
      used += s.lines;
      return { kind: 'bar', demoted: false };
    }
    return { kind: 'line', demoted: true };
  });
}
