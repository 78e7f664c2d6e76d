import { z } from 'zod';
import { administrator } from '../access';
import { calendarDate, errorResponse, idParam, int4, nameText, text } from '../common';

/**
 * Loading the benchmark library (docs/decisions/benchmark.md, Loading sets and degree days): product
 * administrators add a published set's edition from the documented CSV layout and map the entities' building
 * segmentations to a series' types; an organisation's administrators (product administrators hold every
 * organisation) load its degree days. The files travel as text in the body.
 */

const done = z.object({ success: z.literal(true), message: text() });
const csv = text().max(2_000_000, 'The file is larger than 2 MB');
const words = (max: number, message: string) => nameText().trim().min(1, message).max(max);

export const newBenchmarkSet = z.object({
  series: text()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A series key uses lower-case letters, digits and dashes (cibse-tm46)')
    .max(60),
  publisher: words(200, 'Name the publisher'),
  name: words(200, 'Name the set'),
  edition: words(100, 'Name the edition'),
  published: calendarDate().nullable().default(null),
  level: int4().min(2, 'Choose a level from 2 to 5').max(5, 'Choose a level from 2 to 5'),
  sourceTitle: words(300, 'Name the source'),
  sourceUrl: z
    .url({ protocol: /^https?$/, error: 'Enter the address, starting with https://' })
    .max(1000)
    .nullable()
    .default(null),
  secondary: z.boolean().default(false),
  metric: z.enum(['site-energy', 'electricity-fossil']),
  statistic: z.enum(['median', 'typical']),
  adjustments: text().trim().max(2000).default(''),
  referenceHdd: z.number().min(0, 'Degree days cannot be negative').max(10000).nullable().default(null),
  referenceBaseC: z.number().min(-30).max(40).nullable().default(null),
  csv,
});
export type NewBenchmarkSet = z.input<typeof newBenchmarkSet>;

export const benchmarkMapping = z.object({
  buildsegId: int4().positive(),
  /** 0: the whole segmentation. */
  entdescId: int4().min(0).default(0),
  typeKey: text().trim().min(1).max(60),
});
export const seriesParam = z.object({ series: text().max(60) });
export const mappingsBody = z.object({ mappings: z.array(benchmarkMapping).max(500) });

export const degreeDaySummary = z.object({
  id: int4(),
  name: text(),
  baseC: z.number(),
  source: text(),
  months: int4(),
  first: text().nullable(),
  last: text().nullable(),
});
export const degreeDayLoad = z.object({
  name: words(200, 'Name the series'),
  baseC: z.number({ error: 'Enter the base temperature in °C' }).min(-30).max(40),
  source: words(300, 'Name where the degree days come from'),
  csv,
});
export type DegreeDayLoad = z.input<typeof degreeDayLoad>;

const rows = { 400: errorResponse, 409: errorResponse };

export const librarySpecs = {
  loadSet: {
    method: 'POST',
    path: '/benchmark-sets',
    summary: "Add a published set's edition to the benchmark library from the documented CSV layout",
    access: 'product-administrator',
    body: newBenchmarkSet,
    answer: done.extend({ id: int4(), types: int4() }),
    answers: rows,
  },
  saveMappings: {
    method: 'PUT',
    path: '/benchmark-sets/series/:series/mappings',
    summary: "Map the entities' building segmentations (and functions) to a series' types; replaces them all",
    access: 'product-administrator',
    params: seriesParam,
    body: mappingsBody,
    answer: done,
    answers: { 404: errorResponse },
  },
  degreeDays: {
    method: 'GET',
    path: '/organisations/:id/degree-day-series',
    summary: "The organisation's degree days (its benchmark weather normalisation)",
    access: administrator('params.id'),
    params: idParam,
    answer: z.array(degreeDaySummary),
  },
  loadDegreeDays: {
    method: 'POST',
    path: '/organisations/:id/degree-day-series',
    summary: "Load months of the organisation's heating degree days from the documented CSV layout",
    access: administrator('params.id'),
    params: idParam,
    body: degreeDayLoad,
    answer: done.extend({ months: int4() }),
    answers: rows,
  },
} as const;
