import { addMonths, fromDayNumber, toDayNumber } from '../calendar';
import { formatDisplayDate } from '../dates';
import { formatMonth, MONTH_SHORT_NAMES } from '../month-labels';
import { reportingYearLabel } from '../reporting-year';

/**
 * The graph builder's periods (data-portal.md 2.7). A year is the organisation's reporting year (ending in
 * month 12, 3 or 6), named by the year it ends in, as the targets name theirs: with a June year end, 2026 runs
 * from July 2025 to June 2026. A Yearly Chart puts the years side by side over the positions of a year
 * (12 months, 4 quarters or the whole year); a Timeseries Chart runs from the first year's start to the end
 * month, by month, quarter, year or day.
 */
export type GraphPeriod = 'month' | 'quarter' | 'year' | 'day';
export type GraphChart = 'yearly' | 'timeseries';

/** The first month ('yyyy-MM-01') of reporting year `year` (named by the year it ends in). */
export function yearStart(year: number, yearEnd: number): string {
  return addMonths(`${year}-${String(yearEnd).padStart(2, '0')}-01`, -11);
}

/** The twelve months of reporting year `year`, first to last. */
export function yearMonths(year: number, yearEnd: number): string[] {
  const first = yearStart(year, yearEnd);
  return Array.from({ length: 12 }, (_, i) => addMonths(first, i));
}

/** The reporting year ('yyyy-MM-01' month) a month belongs to. */
export function yearOf(month: string, yearEnd: number): number {
  const year = Number(month.slice(0, 4));
  return Number(month.slice(5, 7)) > yearEnd ? year + 1 : year;
}

/** '2026' for a calendar year, 'FY 2025/26' for a financial year ending in 2026. */
export function yearLabel(year: number, yearEnd: number): string {
  return reportingYearLabel(yearStart(year, yearEnd));
}

/** Where a month falls in its reporting year: 0-11 by month, 0-3 by quarter, 0 by year. */
export function positionInYear(month: string, period: Exclude<GraphPeriod, 'day'>, yearEnd: number): number {
  const index = (Number(month.slice(5, 7)) - 1 - (yearEnd % 12) + 12) % 12;
  if (period === 'month') return index;
  if (period === 'quarter') return Math.floor(index / 3);
  return 0;
}

/** The x axis of a Yearly Chart: month names in reporting-year order, Q1-Q4, or the year as a whole. */
export function yearlyCategories(period: Exclude<GraphPeriod, 'day'>, yearEnd: number): string[] {
  if (period === 'quarter') return ['Q1', 'Q2', 'Q3', 'Q4'];
  if (period === 'year') return ['Year'];
  return yearMonths(2001, yearEnd).map((m) => MONTH_SHORT_NAMES[Number(m.slice(5, 7)) - 1] ?? m);
}

/** One point of a time series: its key, the label under it, and the months (or the day) it adds up. */
export interface Bucket {
  key: string;
  label: string;
  /** 'yyyy-MM-01' months; for a day bucket, the month of the day. */
  months: string[];
}

/** The buckets of a Timeseries Chart from month `from` to month `till` ('yyyy-MM-01', inclusive). */
export function timeseriesBuckets(
  from: string,
  till: string,
  period: Exclude<GraphPeriod, 'day'>,
  yearEnd: number,
): Bucket[] {
  const buckets: Bucket[] = [];
  const byKey = new Map<string, Bucket>();
  for (let m = from; m <= till; m = addMonths(m, 1)) {
    const year = yearOf(m, yearEnd);
    const quarter = positionInYear(m, 'quarter', yearEnd) + 1;
    const key =
      period === 'month' ? m.slice(0, 7) : period === 'quarter' ? `${year}-Q${quarter}` : String(year);
    let bucket = byKey.get(key);
    if (!bucket) {
      const label =
        period === 'month'
          ? formatMonth(m)
          : period === 'quarter'
            ? `Q${quarter} ${yearLabel(year, yearEnd)}`
            : yearLabel(year, yearEnd);
      bucket = { key, label, months: [] };
      byKey.set(key, bucket);
      buckets.push(bucket);
    }
    bucket.months.push(m);
  }
  return buckets;
}

/** Every day ('yyyy-MM-dd') from the first day of month `from` to the last day of month `till`. */
export function dayBuckets(from: string, till: string): Bucket[] {
  const first = toDayNumber(from);
  const last = toDayNumber(addMonths(till, 1)) - 1;
  const buckets: Bucket[] = [];
  for (let d = first; d <= last; d += 1) {
    const day = fromDayNumber(d);
    buckets.push({ key: day, label: formatDisplayDate(day), months: [`${day.slice(0, 7)}-01`] });
  }
  return buckets;
}

/**
 * The months a graph reads: a Yearly Chart the whole of its first to last year, a Timeseries Chart from the
 * start of its first year; neither after the end month.
 */
export function graphRange(chart: GraphChart, years: readonly number[], endMonth: string, yearEnd: number) {
  const first = Math.min(...years);
  const last = Math.max(...years);
  const lastMonth = chart === 'yearly' ? (yearMonths(last, yearEnd)[11] ?? endMonth) : endMonth;
  return { from: yearStart(first, yearEnd), till: lastMonth < endMonth ? lastMonth : endMonth };
}
