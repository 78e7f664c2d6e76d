import { BENCHMARK_MSG } from '@verdant/domain/benchmark/benchmark-rules';
import { z } from 'zod';
import { member, viewing } from './access';
import { librarySpecs } from './benchmark/library';
import { benchmarkPosition, benchmarkResult, commissioningTable } from './benchmark/results';
import { errorResponse, idNumber, idParam, int4, text } from './common';
import { defineOperations } from './operations';

/**
 * Benchmark and commissioning (data-portal.md 2.7 Benchmark page and Commissioning page, 3 Benchmark result,
 * 7 Graphs and reports; docs/decisions/benchmark.md): an entity against its own past, its peers and the
 * published sets of the benchmark library; design against commissioned against actual energy use.
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = (message: string) => text().regex(MONTH, message);

export const benchmarkParams = z.object({
  entityId: idNumber(),
  level: z.coerce
    .number({ error: BENCHMARK_MSG.levelInvalid })
    .int(BENCHMARK_MSG.levelInvalid)
    .min(0, BENCHMARK_MSG.levelInvalid)
    .max(5, BENCHMARK_MSG.levelInvalid),
});
/** yyyy-MM; left out: two months ago (data-portal.md 9). */
export const benchmarkQuery = z.object({ endMonth: month(BENCHMARK_MSG.endMonthRequired).optional() });
/** Left out: the last whole calendar year in the organisation's time zone. */
export const commissioningQuery = z.object({
  year: z.coerce
    .number({ error: BENCHMARK_MSG.commissioningYear })
    .int(BENCHMARK_MSG.commissioningYear)
    .min(2000, BENCHMARK_MSG.commissioningYear)
    .max(9999, BENCHMARK_MSG.commissioningYear)
    .optional(),
});

export const benchmarkSetSummary = z.object({
  id: int4(),
  series: text(),
  publisher: text(),
  name: text(),
  edition: text(),
  published: text().nullable(),
  level: int4(),
  sourceTitle: text(),
  sourceUrl: text().nullable(),
  secondary: z.boolean(),
  unit: text(),
  metric: text(),
  statistic: text(),
  adjustments: text(),
  referenceHdd: z.number().nullable(),
  current: z.boolean(),
  types: z.array(
    z.object({
      typeKey: text(),
      typeName: text(),
      total: z.number().nullable(),
      electricity: z.number().nullable(),
      fossil: z.number().nullable(),
      publication: text(),
      secondary: z.boolean(),
    }),
  ),
  mappings: z.array(z.object({ buildsegId: int4(), entdescId: int4().nullable(), typeKey: text() })),
});
export type BenchmarkSetSummary = z.infer<typeof benchmarkSetSummary>;

export const benchmarkOperations = defineOperations('benchmark', {
  benchmark: {
    method: 'GET',
    path: '/data/reporting/reports/benchmark/entity/:entityId/level/:level',
    summary: 'An entity benchmarked at a level (0 to 5) over the 12 months to an end month',
    description: `An entity that cannot be benchmarked answers '${BENCHMARK_MSG.couldNotCalculate}' and the reason.`,
    access: viewing({ entity: 'params.entityId' }),
    params: benchmarkParams,
    query: benchmarkQuery,
    answer: benchmarkResult,
    answers: { 404: errorResponse },
  },
  position: {
    method: 'GET',
    path: '/entities/:id/benchmark-position',
    summary: "The entity's latest benchmark position against the published sets",
    access: viewing({ entity: 'params.id' }),
    params: idParam,
    answer: benchmarkPosition,
  },
  commissioning: {
    method: 'GET',
    path: '/data/reporting/reports/commissioning',
    summary: "Design against commissioned against actual energy use of the organisation's entities in a year",
    access: member(),
    query: commissioningQuery,
    answer: commissioningTable,
  },
  sets: {
    method: 'GET',
    path: '/benchmark-sets',
    summary: 'The benchmark library: every set and edition, its types, figures and mappings',
    access: 'signed-in',
    answer: z.array(benchmarkSetSummary),
  },
  ...librarySpecs,
});
