import { addMonths } from '../calendar';

/**
 * A target's baseline year end (core-portal.md 3 Target, 9): CY the calendar year (ends in December), FY3 the
 * commercial financial year (April to March), FY6 the government financial year (July to June).
 */
export const YEAR_ENDS = ['CY', 'FY3', 'FY6'] as const;
export type YearEnd = (typeof YEAR_ENDS)[number];

/** The last month (1-12) of a year of that kind. */
export const YEAR_END_MONTH: Record<YearEnd, number> = { CY: 12, FY3: 3, FY6: 6 };

/** The kind of year an organisation's reporting year end (1-12) is; other months read as calendar years. */
export function yearEndOf(reportingYearEnd: number): YearEnd {
  if (reportingYearEnd === 3) return 'FY3';
  if (reportingYearEnd === 6) return 'FY6';
  return 'CY';
}

/**
 * The twelve months ('yyyy-MM-01') of target year `year`: a year is named by the year it ends in, so FY6 2019
 * runs from July 2018 to June 2019 and FY3 2019 from April 2018 to March 2019 (docs/decisions/targets.md,
 * Target years are named by the year they end in).
 */
export function targetYearMonths(year: number, yearEnd: YearEnd): string[] {
  const endMonth = YEAR_END_MONTH[yearEnd];
  const last = `${year}-${String(endMonth).padStart(2, '0')}-01`;
  const first = addMonths(last, -11);
  return Array.from({ length: 12 }, (_, i) => addMonths(first, i));
}

/** The target year ('CY' 2019 holds 2019-05-01; 'FY6' 2020 holds 2019-07-01) a month belongs to. */
export function targetYearOf(month: string, yearEnd: YearEnd): number {
  const endMonth = YEAR_END_MONTH[yearEnd];
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m > endMonth ? year + 1 : year;
}
