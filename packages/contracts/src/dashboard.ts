import { z } from 'zod';
import { member } from './access';
import { factorEdition, idNumber, text } from './common';
import { defineOperations } from './operations';

export const MEASURES = ['cons', 'cost', 'co2e'] as const;
export const measure = z.enum(MEASURES);
export type Measure = z.infer<typeof measure>;
export const measureParam = z.object({ type: measure });

/**
 * The dashboard's kg CO2e (docs/decisions/factor-editions.md, The dashboard as originally reported): `restated`
 * (the default, the facts as they stand) or `original` (as they stood before the restatements that replaced
 * them). kWh and $ are never restated: their answers are the same either way and say `restated`.
 */
export const FIGURE_BASES = ['restated', 'original'] as const;
export type FigureBasis = (typeof FIGURE_BASES)[number];
export const FIGURES_MSG = "Figures must be 'restated' or 'original'";
export const figuresQuery = z.object({
  basis: z.enum(FIGURE_BASES, { error: () => FIGURES_MSG }).optional(),
});

/** A restatement that moved the kg CO2e of some of a figure's reporting years. */
export const figureRestatement = z.object({
  id: z.number(),
  /** The day it was confirmed, in the organisation's time zone (yyyy-MM-dd). */
  date: text(),
  /** The editions it replaced and brought in; null for a change of the organisation's choice of editions. */
  editionBefore: text().nullable(),
  editionAfter: text().nullable(),
  /** The figure's reporting years whose kg CO2e it moved ('2025', 'FY 2025/26'). */
  years: z.array(text()),
});
export type FigureRestatement = z.infer<typeof figureRestatement>;

/**
 * The organisation's current reporting year (the one holding the last complete month) against the reporting
 * year before, month by month.
 */
export const yearlyComparison = z.object({
  /** 'yyyy-MM' of each month of the current reporting year, first month first. */
  months: z.array(text()),
  /** [current reporting year, the reporting year before], aligned with `months`. */
  data: z.tuple([z.array(z.number()), z.array(z.number())]),
  seriesLabels: z.tuple([text(), text()]),
  /** The standard unit of the figures: kWh, $ or kg CO2e. */
  unit: text(),
  /** Months in the recent series whose facts are incomplete (some meter lacks days). */
  incompleteMonths: z.array(text()),
  /** Months of the current reporting year after the last complete month: no figures yet (0 in `data`). */
  futureMonths: z.array(text()),
  /**
   * Lived months without a figure (docs/decisions/dashboard.md, A lived month without a figure is missing):
   * [months of the recent series, months of the series before], each as its 'yyyy-MM' in `months` (the earlier
   * series' month is a year before it). 0 in `data`, drawn as no bar. Future months are never listed here.
   */
  missingMonths: z.tuple([z.array(text()), z.array(text())]),
  /** kg CO2e: the factor editions that produced the figures of both years (empty for kWh and $). */
  editions: z.array(factorEdition),
  /** Which facts the kg CO2e were read from: as they stand, or as originally reported. */
  basis: z.enum(FIGURE_BASES),
  /** kg CO2e: the restatements that moved either year, first confirmed first (empty for kWh and $). */
  restatements: z.array(figureRestatement),
});
export type YearlyComparison = z.infer<typeof yearlyComparison>;

/** Last complete month (cons1) against the same month a year earlier (cons2). */
export const monthlySavings = z.object({
  cons1: z.number(),
  cons2: z.number(),
  /** 1-12 */
  month: z.number(),
  year1: z.number(),
  year2: z.number(),
  unit: text(),
  /** Whether some meter's figures for the last month have days missing. */
  incomplete: z.boolean(),
  /**
   * Which month has no figure at all (docs/decisions/dashboard.md, A lived month without a figure is missing):
   * `recent` for the last complete month (cons1), `earlier` for the month a year before (cons2); its figure is 0.
   */
  missing: z.object({ recent: z.boolean(), earlier: z.boolean() }),
  /** kg CO2e: the factor editions that produced the two months' figures (empty for kWh and $). */
  editions: z.array(factorEdition),
  basis: z.enum(FIGURE_BASES),
  /** kg CO2e: the restatements that moved the reporting years of either month (empty for kWh and $). */
  restatements: z.array(figureRestatement),
});
export type MonthlySavings = z.infer<typeof monthlySavings>;

export const mover = z.object({ id: z.number(), displayName: text(), percentage: z.number() });
export const gainersAndLosers = z.object({
  month: z.number(),
  year: z.number(),
  gainers: z.array(mover),
  losers: z.array(mover),
});
export type GainersAndLosers = z.infer<typeof gainersAndLosers>;

export const LIST_MEASURES = ['cons', 'cost', 'co2'] as const;
export const listConsumptionParams = z.object({
  id: idNumber(),
  measure: z.enum(LIST_MEASURES),
  month: text().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'Month must be yyyyMM'),
});
export const listConsumptionQuery = z.object({ cantUseCache: z.enum(['true', 'false']).optional() });
/** Per-asset figures for one month; `unavailable` lists assets whose figures are being recomputed. */
export const listConsumption = z.object({
  consumption: z.record(text(), z.number()),
  unavailable: z.array(z.number()),
  cantUseCache: z.boolean(),
  /** The editions of emission factors that produced the month's kg CO2e (measure co2 only, location-based). */
  editions: z.array(factorEdition),
});
export type ListConsumption = z.infer<typeof listConsumption>;

const yearly = (m: Measure) =>
  ({
    method: 'GET',
    path: `/dashboard/yearly-comparison-${m}`,
    summary: `Last 12 complete months against a year earlier (${m})`,
    access: member(),
    query: figuresQuery,
    answer: yearlyComparison,
  }) as const;
const list = <H extends string>(handle: H, by: string) =>
  ({
    method: 'GET',
    path: `/organisations/:id/${handle}-consumption/:measure/:month`,
    summary: `Figures per ${by} for one month`,
    access: member('params.id'),
    params: listConsumptionParams,
    query: listConsumptionQuery,
    answer: listConsumption,
  }) as const;

/** The dashboard's figures and the month's figures of the organisation's lists (core-portal.md 2.2, 7). */
export const dashboardOperations = defineOperations('dashboard', {
  yearlyCons: yearly('cons'),
  yearlyCost: yearly('cost'),
  yearlyCo2e: yearly('co2e'),
  monthlySavings: {
    method: 'GET',
    path: '/dashboard/monthly-savings-:type',
    summary: 'Last complete month against the same month a year earlier',
    access: member(),
    params: measureParam,
    query: figuresQuery,
    answer: monthlySavings,
  },
  gainersAndLosers: {
    method: 'GET',
    path: '/dashboard/gainers-and-losers',
    summary: 'Meters with the largest consumption increase and decrease last month',
    access: member(),
    answer: gainersAndLosers,
  },
  sitesConsumption: list('sites', 'site'),
  metersConsumption: list('meters', 'meter'),
  dataSourcesConsumption: list('data-sources', 'meter'),
});
