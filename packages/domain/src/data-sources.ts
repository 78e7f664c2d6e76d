/** Rules of the data sources list (data-portal spec 2.1, 3 and 9) shared by the API and the web app. */

/** Meter types 1-9 (spec 3). */
export const METER_TYPE_LABELS: Record<number, string> = {
  1: 'Time of use',
  2: 'Non time of use',
  3: 'Profiled consumption',
  4: 'Unmetered account',
  5: 'Smart meter',
  6: 'Smart check meter',
  7: 'Transactional',
  8: 'Unmetered consumption only',
  9: 'Transactional with cost',
};

/**
 * The list's columns by number, for `sort` (signed: negative means descending). 1-6 are the list's
 * columns; 7 and 8 are the Data Audit View's Retailer and Data Last Entered.
 */
export const DATA_SOURCE_SORT_COLUMNS = {
  1: 'name',
  2: 'type',
  3: 'measuring',
  4: 'figure',
  5: 'memberOf',
  6: 'alerts',
  7: 'retailer',
  8: 'lastEntry',
} as const;
export type DataSourceSortColumn = keyof typeof DATA_SOURCE_SORT_COLUMNS;

/** The kinds of data source, each with its own page. */
export type DataSourceKind = 'meter' | 'fuelcard' | 'vehicle';

/** Data type groupings bought with a fuel card. */
const FUEL_GROUPINGS = ['diesel', 'petrol', 'biofuel', 'fuel'];

/**
 * A transactional meter (type 7) measuring a liquid fuel is a fuel card; a meter a vehicle owns is a vehicle
 * (the fleet issue adds vehicles); everything else is a meter.
 */
export function dataSourceKind(m: {
  meterType: number;
  grouping: string | null;
  vehicle?: boolean;
}): DataSourceKind {
  if (m.vehicle) return 'vehicle';
  const grouping = (m.grouping ?? '').toLowerCase();
  if (m.meterType === 7 && FUEL_GROUPINGS.some((g) => grouping.includes(g))) return 'fuelcard';
  return 'meter';
}

/** Where a row of the list links to. */
export function dataSourcePath(kind: DataSourceKind, id: number): string {
  if (kind === 'fuelcard') return `/fleet/fuelcards/${id}`;
  if (kind === 'vehicle') return `/vehicle-by-meter/${id}`;
  return `/data-sources/${id}`;
}

/** The alerts badge: the count, '99+' above 100 (spec 9). */
export const alertBadge = (count: number) => (count > 100 ? '99+' : String(count));

/** Most ids one bulk action may name; a larger selection is refused whole. */
export const BULK_ACTION_MAX_IDS = 5_000;

/** Bulk open-date changes up to this many meters recompute at once; larger ones go to the job runner. */
export const BULK_RECOMPUTE_INLINE_MAX = 50;

/** Most data sources one export may name, and most months in its ranges together. */
export const EXPORT_MAX_ASSETS = 10_000;
export const EXPORT_MAX_MONTHS = 240;

/**
 * Exports of more rows than this (data sources x periods) run in the background, their file downloaded from the
 * jobs centre (docs/decisions/job-runner.md, Exports); smaller ones download at once.
 */
export const EXPORT_IMMEDIATE_ROWS = 20_000;

const monthNumber = (yyyyMm: string) => Number(yyyyMm.slice(0, 4)) * 12 + Number(yyyyMm.slice(5, 7));

/** The rows a Meter Data Export writes: per data source, a row a month of a monthly range, one of a total. */
export function exportRowCount(
  dataSources: number,
  ranges: { aggregation: 'monthly' | 'total'; start: string; end: string }[],
) {
  const perSource = ranges.reduce(
    (n, r) =>
      n + (r.aggregation === 'total' ? 1 : Math.max(0, monthNumber(r.end) - monthNumber(r.start) + 1)),
    0,
  );
  return dataSources * perSource;
}
