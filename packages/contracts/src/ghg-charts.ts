import { GHG_FIRST_YEAR, GHG_MESSAGES } from '@verdant/domain/ghg-figures';
import { z } from 'zod';
import { member } from './access';
import { factorEdition, factRestatement, idNumber, text } from './common';
import { defineOperations } from './operations';

/**
 * The GHG charts (data-portal.md 2.7 and 7): `GET /charts/co2e-scope-activity`, `/charts/co2e-grouping/{type/id}
 * /by-scope`, `/charts/co2e-activity/by-grouping/{type/id}` and `/charts/co2e-grouping/{a}/by-activity/
 * by-grouping/{b}`, each with `from` and `to` (months, yyyy-MM) over the session's organisation. Without a
 * range they answer the last complete reporting year. `format=csv` answers the same figures as CSV.
 */

/** A month yyyy-MM in 2000 or later (GHG charts, time-matched scope 2). */
export const ghgMonth = text()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, GHG_MESSAGES.month)
  .refine((m) => Number(m.slice(0, 4)) >= GHG_FIRST_YEAR, GHG_MESSAGES.firstYear);

export const ghgRangeQuery = z
  .object({
    from: ghgMonth.optional(),
    to: ghgMonth.optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: GHG_MESSAGES.bothMonths,
    path: ['to'],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: GHG_MESSAGES.order, path: ['from'] });
export type GhgRangeQuery = z.output<typeof ghgRangeQuery>;

export const GROUPING_TYPES = ['site', 'meter'] as const;
export type GroupingType = (typeof GROUPING_TYPES)[number];

export const groupingParams = z.object({ type: z.enum(GROUPING_TYPES), id: idNumber() });
export const twoGroupingParams = z.object({
  typeA: z.enum(GROUPING_TYPES),
  idA: idNumber(),
  typeB: z.enum(GROUPING_TYPES),
  idB: idNumber(),
});

/** Whole kg CO2e by scope with the completeness they are built from (packages/domain/src/ghg-figures). */
export const co2eFigures = z.object({
  scope1: z.number(),
  scope2: z.number().describe('Scope 2, location-based (grid average)'),
  scope2Market: z.number().describe('Scope 2, market-based'),
  scope3: z.number(),
  total: z.number().describe('Scope 1 + scope 2 location-based + scope 3'),
  market: z
    .object({
      certificateKwh: z.number(),
      supplierKwh: z.number(),
      residualKwh: z.number(),
      gridKwh: z.number(),
    })
    .describe('The kWh behind market-based scope 2 by the factor each took'),
  completeness: z.object({
    complete: z.boolean(),
    coverage: z.number().describe('Days with emissions as a whole percentage of the days open'),
    estimated: z.boolean(),
  }),
});
export type Co2eFigures = z.infer<typeof co2eFigures>;

const named = z.object({ id: z.number().nullable(), name: text() });
export const ghgActivity = z.object({ id: z.number(), name: text(), grouping: text() });

export const ghgRow = co2eFigures.extend({
  activity: ghgActivity.optional(),
  /** A group of the (first) grouping; id null: the assets in none of its groups. */
  group: named.optional(),
  /** A group of the second grouping. */
  secondGroup: named.optional(),
});
export type GhgRow = z.infer<typeof ghgRow>;

export const ghgGrouping = z.object({
  id: z.number(),
  name: text(),
  type: z.enum(GROUPING_TYPES),
  controlled: z.boolean(),
});

export const ghgChart = z.object({
  /** The months the figures cover, yyyy-MM. */
  from: text(),
  to: text(),
  groupings: z.array(ghgGrouping),
  rows: z.array(ghgRow),
  totals: co2eFigures,
  /** Meters whose figures are being recomputed (left out until they are ready: ask again in 2 s). */
  pending: z.number(),
  /** The factor editions that produced the chart's kg CO2e (both, where the months span a switch). */
  editions: z.array(factorEdition),
  /**
   * The restatements done that replaced some of the chart's facts (its months, the meters the caller sees), first
   * first: the CSV's closing line names them (docs/decisions/factor-editions.md, Every report of kg CO2e restated
   * or as originally reported).
   */
  restatements: z.array(factRestatement),
});
export type GhgChart = z.infer<typeof ghgChart>;

/** The label under which each market basis appears (charts, tables and CSV). */
export const MARKET_COLUMNS = [
  ['certificateKwh', 'Market-based: kWh covered by certificates'],
  ['supplierKwh', 'Market-based: kWh at supplier-specific factors'],
  ['residualKwh', 'Market-based: kWh at the residual mix'],
  ['gridKwh', 'Market-based: kWh at the grid average (no residual mix published)'],
] as const;

/** A chart's figures, or the same figures as a CSV attachment (`format=csv`). */
const chartAnswer = z.union([ghgChart, text()]);
const RANGE =
  ' over from..to (months yyyy-MM; default: the last complete reporting year); format=csv for CSV';

/** The GHG charts, each over the session's organisation. */
export const ghgChartsOperations = defineOperations('ghg-charts', {
  scopeActivity: {
    method: 'GET',
    path: '/charts/co2e-scope-activity',
    summary: `Emissions by activity and scope (kg CO2e)${RANGE}`,
    access: member(),
    query: ghgRangeQuery,
    answer: chartAnswer,
  },
  groupingByScope: {
    method: 'GET',
    path: '/charts/co2e-grouping/:type/:id/by-scope',
    summary: `Emissions of each group of a site or meter grouping by scope (kg CO2e)${RANGE}`,
    access: member(),
    params: groupingParams,
    query: ghgRangeQuery,
    answer: chartAnswer,
  },
  activityByGrouping: {
    method: 'GET',
    path: '/charts/co2e-activity/by-grouping/:type/:id',
    summary: `Emissions of each activity split by the groups of a grouping (kg CO2e)${RANGE}`,
    access: member(),
    params: groupingParams,
    query: ghgRangeQuery,
    answer: chartAnswer,
  },
  groupingByActivityByGrouping: {
    method: 'GET',
    path: '/charts/co2e-grouping/:typeA/:idA/by-activity/by-grouping/:typeB/:idB',
    summary: `Emissions of each pair of groups of two groupings by activity (kg CO2e)${RANGE}`,
    access: member(),
    params: twoGroupingParams,
    query: ghgRangeQuery,
    answer: chartAnswer,
  },
});
