import {
  FAVOURITE_NAME_MAX,
  GRAPH_DEFINITION_MAX,
  GRAPH_MIN_YEAR,
  GRAPH_SERIES_MAX,
  GRAPH_YEARS_MAX,
} from '@verdant/domain/constants';
import {
  GRAPH_ASSET_TYPES,
  QUANTITY_SOURCES,
  QUANTITY_TYPES,
  SPLIT_KINDS,
} from '@verdant/domain/graphs/series';
import { fill, MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { factorEdition, factRestatement, idNumber, int4, nameText, text } from '../common';

/** The graph builder (data-portal.md 2.7, 3 Graph series, 7 Graphs and reports). */
export const graphAssetType = z.enum(GRAPH_ASSET_TYPES);
export const graphAsset = z.object({ type: graphAssetType, id: int4().positive(), text: text().max(300) });

export const graphQuantity = z.object({
  source: z.enum(QUANTITY_SOURCES).default('ledger'),
  type: z.enum(QUANTITY_TYPES),
  id: int4().positive().nullable().default(null),
  filter: text().max(20).nullable().default(null),
  label: text().max(300),
  unit: text().max(20),
  split: z.enum(SPLIT_KINDS).nullable().default(null),
});
export type GraphQuantityInput = z.input<typeof graphQuantity>;

export const graphSeries = z.object({
  asset: graphAsset,
  quantity: graphQuantity,
  presentation: z.enum(['normal', 'cumulative']).default('normal'),
  barline: z.enum(['bar', 'line']).default('bar'),
  forecast: z.boolean().default(false),
  removeLast: z.boolean().default(false),
  overrideName: nameText().max(300).nullable().default(null),
});
export type GraphSeriesInput = z.input<typeof graphSeries>;
export type GraphSeriesDef = z.output<typeof graphSeries>;

export const GRAPH_CHARTS = ['yearly', 'timeseries'] as const;
export const GRAPH_PERIODS = ['month', 'quarter', 'year', 'day'] as const;
export const LEGEND_POSITIONS = ['none', 'top', 'right', 'bottom', 'left'] as const;
/** Graph options: one y axis per unit (series of one unit share it), or one per series. */
export const GRAPH_AXES = ['unit', 'series'] as const;
const yearMonth = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written yyyy-MM');

const seriesList = z
  .array(graphSeries)
  .max(GRAPH_SERIES_MAX, fill(MSG.graphSeriesLimit, { max: GRAPH_SERIES_MAX }));

/**
 * POST /organisations/{orgId}/graph-data: the figures of every series for the years asked (reporting years,
 * named by the year they end in) up to the end month.
 */
export const graphDataRequest = z.object({
  series: seriesList.min(1, 'Add a series to the graph first'),
  chart: z.enum(GRAPH_CHARTS).default('yearly'),
  period: z.enum(GRAPH_PERIODS).default('month'),
  years: z
    .array(int4().min(GRAPH_MIN_YEAR, `Years start at ${GRAPH_MIN_YEAR}`).max(9999))
    .min(1, 'Choose at least one year')
    .max(GRAPH_YEARS_MAX, `A graph can show at most ${GRAPH_YEARS_MAX} years`),
  endMonth: yearMonth,
});
export type GraphDataRequest = z.input<typeof graphDataRequest>;

const flags = z.array(z.boolean());
const figures = z.array(z.number().nullable());
export const graphLine = z.object({
  /** The series' name, with the year on a Yearly Chart. */
  name: text(),
  /** The reporting year the line shows (Yearly Chart); null on a Timeseries Chart. */
  year: z.number().nullable(),
  unit: text(),
  values: figures,
  incomplete: flags,
  estimated: flags,
  /** The forecast of the periods after the figures (the series asked for one and it could be made). */
  forecast: figures.nullable(),
});
export type GraphLine = z.infer<typeof graphLine>;

export const graphDataAnswer = z.object({
  chart: z.enum(GRAPH_CHARTS),
  period: z.enum(GRAPH_PERIODS),
  /** The organisation's reporting year end (12, 3 or 6). */
  yearEnd: z.number(),
  endMonth: text(),
  /** The x axis: keys ('2026-03', '2026-Q1', '2026', '2026-03-14' or a position of the year) and labels. */
  keys: z.array(text()),
  labels: z.array(text()),
  series: z.array(
    z.object({
      index: z.number(),
      name: text(),
      unit: text(),
      /** Drawn as: a bar series past the ten bars a group may hold is drawn as a line (`demoted`). */
      kind: z.enum(['bar', 'line']),
      demoted: z.boolean(),
      presentation: z.enum(['normal', 'cumulative']),
      lines: z.array(graphLine),
      /** Some of its data sources wait for the ledger's recompute: ask again in 2 s. */
      unavailable: z.boolean(),
    }),
  ),
  /**
   * The editions of emission factors that produced the graph's kg CO2e, over its series of emissions (empty when
   * it has none; docs/decisions/factor-editions.md, Which edition produced a figure).
   */
  editions: z.array(factorEdition),
  /** The restatements done that replaced some of those facts: the CSV's closing line names them. */
  restatements: z.array(factRestatement),
});
export type GraphData = z.infer<typeof graphDataAnswer>;

export const orgIdParam = z.object({ orgId: idNumber() });

/** POST /organisations/{orgId}/graph-data/{type}s-for-split: the parts a source splits into, as series. */
export const SPLIT_PATHS = { asset: 'assets', 'data-type': 'data-types', group: 'groups' } as const;
export const splitRequest = z.object({ series: graphSeries });
export const splitAnswer = z.object({
  parts: z.array(z.object({ name: text(), series: graphSeries })),
  /** Parts the caller may not see are left out; the count says how many there were. */
  hidden: z.number(),
});
export type SplitAnswer = z.infer<typeof splitAnswer>;

/** POST /organisations/{orgId}/pie-data: the source split one way, summed over a period. */
export const pieDataRequest = z.object({
  asset: graphAsset,
  quantity: graphQuantity,
  split: z.enum(SPLIT_KINDS),
  period: z.object({ from: yearMonth, to: yearMonth }),
});
export type PieDataRequest = z.input<typeof pieDataRequest>;
const pieSlice = z.object({
  name: text(),
  value: z.number(),
  incomplete: z.boolean(),
  estimated: z.boolean(),
});
export const pieDataAnswer = z.object({
  unit: text(),
  total: z.number(),
  /** Largest first; 'Others (<1%)' last, holding its slices in `others`. */
  slices: z.array(pieSlice.extend({ others: z.array(pieSlice).optional() })),
  /** Parts of zero or less (not drawable). */
  left: z.array(pieSlice),
  unavailable: z.boolean(),
  /** The editions of emission factors that produced the slices' kg CO2e (empty for kWh, $ and units). */
  editions: z.array(factorEdition),
  /** The restatements done that replaced some of the slices' facts: the CSV's closing line names them. */
  restatements: z.array(factRestatement),
});
export type PieData = z.infer<typeof pieDataAnswer>;

/** GET /{assetKind}/{id}/quantities-measured and /stdunits-measured. */
export const ASSET_KIND_PATHS = {
  organisation: 'organisations',
  'site-group': 'site-groups',
  'meter-group': 'meter-groups',
  site: 'sites',
  entity: 'entities',
  meter: 'meters',
  vehicle: 'vehicles',
} as const;
export const quantitiesMeasured = z.object({
  quantities: z.array(graphQuantity),
  /** Whether any of its data sources has half-hour data (the Day period). */
  halfHour: z.boolean(),
});
export type QuantitiesMeasured = z.infer<typeof quantitiesMeasured>;

/** An encoded graph (the `defaults` query parameter and a favourite's graph). */
export const graphDefinition = z.object({
  chart: z.enum(GRAPH_CHARTS).default('yearly'),
  period: z.enum(GRAPH_PERIODS).default('month'),
  /** Years relative to the current one (-1, 0: last year and this year), so a favourite stays current. */
  years: z.array(int4().min(-100).max(0)).min(1).max(GRAPH_YEARS_MAX).optional(),
  series: seriesList.default([]),
  title: text().max(200).default(''),
  legend: z.enum(LEGEND_POSITIONS).default('bottom'),
  axes: z.enum(GRAPH_AXES).default('unit'),
});
export type GraphDefinition = z.output<typeof graphDefinition>;

function toBase64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** A graph as URL-safe text: base64url of its JSON. */
export function encodeGraph(definition: z.input<typeof graphDefinition>): string {
  return toBase64Url(JSON.stringify(definition));
}

/** The graph the text encodes, or null when it is not one (truncated, edited by hand, another format). */
export function decodeGraph(encoded: string): GraphDefinition | null {
  if (encoded.length === 0 || encoded.length > GRAPH_DEFINITION_MAX) return null;
  try {
    const parsed = graphDefinition.safeParse(JSON.parse(fromBase64Url(encoded)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Favourite graphs of the signed-in person in the current organisation (/current-user/favourite-graphs). */
const favouriteName = nameText({ error: MSG.favouriteNameRequired })
  .trim()
  .min(1, MSG.favouriteNameRequired)
  .max(FAVOURITE_NAME_MAX, `A name has at most ${FAVOURITE_NAME_MAX} characters`);
export const favouriteGraph = z.object({ name: text(), graph: text() });
export const favouriteGraphs = z.array(favouriteGraph);
export const newFavouriteGraph = z.object({
  name: favouriteName,
  graph: text()
    .max(GRAPH_DEFINITION_MAX, MSG.graphDefinitionInvalid)
    .refine((g) => decodeGraph(g) !== null, MSG.graphDefinitionInvalid),
});
export const renameFavouriteGraph = z.object({
  name: nameText().trim().min(1).max(FAVOURITE_NAME_MAX),
  newName: favouriteName,
});
export const deleteFavouriteGraph = z.object({ name: nameText().trim().min(1).max(FAVOURITE_NAME_MAX) });
export const favouriteGraphSaved = z.object({
  success: z.literal(true),
  message: text(),
  data: favouriteGraph,
});
