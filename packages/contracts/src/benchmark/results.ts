import { z } from 'zod';
import { text } from '../common';

/**
 * The benchmark's and the commissioning table's answers (data-portal.md 3, Benchmark result: indicators with
 * indicator, indicatorId, samples of entityConsumption, benchmarkConsumption, label, unit, possibleImprovement;
 * docs/decisions/benchmark.md for what each level compares).
 */

export const benchmarkSample = z.object({
  label: text(),
  /** kWh per unit of the indicator per year. */
  unit: text(),
  entityConsumption: z.number(),
  benchmarkConsumption: z.number(),
  /** kWh a year; negative (footnoted): the entity already uses less than the benchmark. */
  possibleImprovement: z.number(),
  percentAbove: z.number(),
  /** The benchmark in the set's own unit, as published. */
  publishedValue: z.number().nullable(),
  publishedUnit: text().nullable(),
  /** Quartiles of the peers (level 1) or percentiles the set publishes, kWh per unit per year. */
  p25: z.number().nullable(),
  p75: z.number().nullable(),
  /** Beside a benchmark that carries fossil-thermal use: weather-normalised to what, or not (null: no weather). */
  weather: text().nullable(),
});
export type BenchmarkSample = z.infer<typeof benchmarkSample>;

export const benchmarkIndicator = z.object({
  indicator: text(),
  indicatorId: z.number(),
  /** The entity's value of the indicator and its unit (8,650 m2). */
  value: z.number(),
  indicatorUnit: text(),
  samples: z.array(benchmarkSample),
});

/** The benchmark set a level compares with, named with its edition and source. */
export const benchmarkSetRef = z.object({
  id: z.number(),
  series: text(),
  publisher: text(),
  name: text(),
  edition: text(),
  sourceTitle: text(),
  sourceUrl: text().nullable(),
  /** Transcribed from a secondary source and not yet checked against the publication. */
  secondary: z.boolean(),
  unit: text(),
  statistic: text(),
  adjustments: text(),
});
export type BenchmarkSetRef = z.infer<typeof benchmarkSetRef>;

export const benchmarkResult = z.object({
  entityId: z.number(),
  entityName: text(),
  level: z.number(),
  levelLabel: text(),
  /** yyyy-MM: the 12 months compared end with it. */
  endMonth: text(),
  startMonth: text(),
  /** False: 'Benchmark could not be calculated' and the reason, in `message`. */
  calculated: z.boolean(),
  message: text().nullable(),
  set: benchmarkSetRef.nullable(),
  /** The set's type the entity is compared with ('General office') and the publication of its figures. */
  typeName: text().nullable(),
  publication: text().nullable(),
  /** 'Office' (the building segmentation) and the descriptor, as the entity has them. */
  entityType: text().nullable(),
  weather: z.object({ normalised: z.boolean(), text: text() }),
  completeness: z.object({
    months: z.number(),
    monthsComplete: z.number(),
    estimated: z.boolean(),
    /** Meters of the entity the caller may not see are left out of its figures. */
    narrowed: z.boolean(),
  }),
  /** kWh over the 12 months: electricity and fossil thermal (everything else that counts as energy). */
  entityKwh: z.object({ electricity: z.number(), fossil: z.number() }).nullable(),
  indicators: z.array(benchmarkIndicator),
  footnotes: z.array(text()),
});
export type BenchmarkResult = z.infer<typeof benchmarkResult>;

export const commissioningRow = z.object({
  entityId: z.number(),
  entityName: text(),
  siteName: text(),
  floorArea: z.number().nullable(),
  /** kWh/m² per year, as entered on the entity's usage. */
  designEui: z.number().nullable(),
  commissionedEui: z.number().nullable(),
  interventionEui: z.number().nullable(),
  /** kWh/m² over the months of the year lived; null without a floor area. */
  actualEui: z.number().nullable(),
  kwh: z.number(),
  designGap: z.object({ ratio: z.number(), kwh: z.number() }).nullable(),
  commissionedGap: z.object({ ratio: z.number(), kwh: z.number() }).nullable(),
  monthsLived: z.number(),
  monthsComplete: z.number(),
  estimated: z.boolean(),
  note: text().nullable(),
});
export type CommissioningRow = z.infer<typeof commissioningRow>;

export const commissioningTable = z.object({
  year: z.number(),
  /** yyyy-MM: the months of the year counted (to the last complete month). */
  from: text(),
  till: text().nullable(),
  rows: z.array(commissioningRow),
  narrowed: z.boolean(),
});
export type CommissioningTable = z.infer<typeof commissioningTable>;

/** An entity's latest benchmark position against the published sets, for its page. */
export const benchmarkPosition = z.object({
  endMonth: text(),
  level: z.number().nullable(),
  /** '12 % above the median of offices, ENERGY STAR ...'; null with `message` saying why there is none. */
  text: text().nullable(),
  percentAbove: z.number().nullable(),
  message: text().nullable(),
});
export type BenchmarkPosition = z.infer<typeof benchmarkPosition>;
