import { GHG_MESSAGES } from '@verdant/domain/ghg-figures';
import { GRID_MESSAGES } from '@verdant/domain/grid-intensity';
import { z } from 'zod';
import { viewing } from './access';
import { errorResponse, idNumber, idParam, int4, nameText, okResponse, text } from './common';
import { ghgMonth } from './ghg-charts';
import { defineOperations } from './operations';

/**
 * Time-matched scope 2 (docs/decisions/scope2.md, Time-matched scope 2 is an analysis beside the ledger):
 * grid intensity series, public datasets a product administrator loads from CSV
 * (`GET /grid-intensity-series`, `POST /admin/grid-intensity-series`,
 * `DELETE /admin/grid-intensity-series/{id}`), and a meter's half-hour electricity priced at them beside the
 * annual average (`GET /meters/{id}/time-matched-scope2?from&to`).
 */

export const gridSeries = z.object({
  id: z.number(),
  name: text(),
  source: text(),
  sample: z.boolean(),
  intervalMinutes: z.number(),
  regionIds: z.array(z.number()),
  notes: text().nullable(),
  /** The first and last interval starts (ISO instants), and how many intervals it holds. */
  first: text().nullable(),
  last: text().nullable(),
  points: z.number(),
});
export type GridSeries = z.infer<typeof gridSeries>;
export const gridSeriesList = z.object({
  series: z.array(gridSeries),
  regions: z.array(z.object({ id: z.number(), name: text() })),
});
export type GridSeriesList = z.infer<typeof gridSeriesList>;

export const newGridSeries = z.object({
  name: nameText().trim().min(3, 'A series name has at least 3 characters').max(120),
  source: text().trim().min(3, 'Say where the figures come from').max(1000),
  notes: text().trim().max(2000).nullable().default(null),
  sample: z.boolean().default(false),
  intervalMinutes: z.union([z.literal(30), z.literal(60)]),
  regionIds: z.array(int4().positive()).min(1, GRID_MESSAGES.regions).max(100),
  /** The CSV: Start (ISO 8601 instant with its offset), kg CO2e per kWh. */
  csv: text().max(12_000_000),
});
export type NewGridSeries = z.input<typeof newGridSeries>;

export const timeMatchedQuery = z
  .object({ from: ghgMonth.optional(), to: ghgMonth.optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: GHG_MESSAGES.bothMonths,
    path: ['to'],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: GHG_MESSAGES.order, path: ['from'] });

const figures = {
  /** Half-hour kWh read, and the part the series covers. */
  kwh: z.number(),
  matchedKwh: z.number(),
  /** Half hours with a reading the series covers, in percent. */
  coverage: z.number(),
  timeMatchedKg: z.number(),
  /** The matched kWh at the annual-average (location-based) factor; null when the ledger has no factor. */
  averageKg: z.number().nullable(),
  differenceKg: z.number().nullable(),
  differencePercent: z.number().nullable(),
};
export const timeMatchedMonth = z.object({
  month: text(),
  ...figures,
  averageRate: z.number().nullable(),
  /** The ledger's location-based scope 2 of the month (all its inputs), for reference. */
  ledgerScope2Kg: z.number().nullable(),
});
export const timeMatched = z.object({
  meter: z.object({ id: z.number(), name: text() }),
  from: text(),
  to: text(),
  series: gridSeries
    .pick({ id: true, name: true, source: true, sample: true, intervalMinutes: true })
    .nullable(),
  months: z.array(timeMatchedMonth),
  totals: z.object(figures),
  /** Why there are no figures (no half-hour data, no series for the region), else null. */
  message: text().nullable(),
});
export type TimeMatched = z.infer<typeof timeMatched>;

export const seriesParams = z.object({ id: idNumber() });

const conflict = { 409: errorResponse };

/** Grid intensity series (product administrators load them) and a meter's time-matched scope 2. */
export const timeMatchedOperations = defineOperations('time-matched', {
  series: {
    method: 'GET',
    path: '/grid-intensity-series',
    summary: 'The grid intensity series (public datasets) and the regions they may cover',
    access: 'signed-in',
    answer: gridSeriesList,
    answers: conflict,
  },
  addSeries: {
    method: 'POST',
    path: '/admin/grid-intensity-series',
    summary: 'Loads a grid intensity series from CSV (Start as an ISO instant with offset, kg CO2e per kWh)',
    access: 'product-administrator',
    body: newGridSeries,
    answer: gridSeries,
    answers: conflict,
  },
  removeSeries: {
    method: 'DELETE',
    path: '/admin/grid-intensity-series/:id',
    summary: 'Removes a grid intensity series',
    access: 'product-administrator',
    params: seriesParams,
    answer: okResponse,
    answers: conflict,
  },
  meter: {
    method: 'GET',
    path: '/meters/:id/time-matched-scope2',
    summary:
      "A meter's half-hour electricity priced half-hour by half-hour at its region's grid intensity, beside the annual average, by month (from..to yyyy-MM; default the last twelve complete months)",
    access: viewing({ meter: 'params.id' }),
    params: idParam,
    query: timeMatchedQuery,
    answer: timeMatched,
    answers: conflict,
  },
});
