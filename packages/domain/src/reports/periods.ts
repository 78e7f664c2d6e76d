import { addMonths, daysInMonth, monthOf, toDayNumber } from '../calendar';
import { reportingYearStart } from '../reporting-year';
import { REPORT_MSG } from './messages';
import type { PeriodType, RelativePeriod } from './report-types';

/**
 * A report's period (docs/decisions/reports.md, Periods): chosen by its type (a month, a quarter, a reporting
 * year, a fixed number of months, any months, any days, or none), or relative to the day it runs for a
 * favourite or a schedule ("last full month"). Dates are 'yyyy-MM-dd', both ends inclusive, in the
 * organisation's calendar.
 */

export interface DateRange {
  start: string;
  end: string;
}

/** The organisation's today and reporting year end: the dates a relative period is taken from. */
export interface PeriodContext {
  today: string;
  reportingYearEnd: number;
}

/** The first year a report may cover, and the longest period one may cover. */
export const REPORT_FIRST_YEAR = 2000;
export const REPORT_MAX_YEARS = 10;

const lastDayOf = (month: string) => `${month.slice(0, 8)}${String(daysInMonth(month)).padStart(2, '0')}`;
const monthRange = (first: string, last: string): DateRange => ({ start: first, end: lastDayOf(last) });

/** The calendar quarter ('yyyy-MM-01' of its first month) that holds a month. */
function quarterOf(month: string): string {
  const m = Number(month.slice(5, 7));
  return `${month.slice(0, 4)}-${String(m - ((m - 1) % 3)).padStart(2, '0')}-01`;
}

/** The relative periods each period type can slide by; NoLength has no period at all. */
export function relativeOptions(type: PeriodType): RelativePeriod[] {
  switch (type) {
    case 'Monthly':
      return ['last-full-month'];
    case 'Quarterly':
      return ['last-full-quarter'];
    case 'Yearly':
      return ['last-reporting-year', 'reporting-year-to-date'];
    case 'FixedLength':
      return ['last-full-month'];
    case 'VariableMonth':
    case 'VariableLength':
      return [
        'last-full-month',
        'last-full-quarter',
        'last-12-months',
        'reporting-year-to-date',
        'last-reporting-year',
      ];
    case 'NoLength':
      return [];
  }
}

/**
 * The dates a relative period stands for on a day. The year to date is the reporting year holding the last
 * full month, up to that month (so on the first of a new year it is the whole year just ended, never empty).
 */
export function resolveRelative(relative: RelativePeriod, ctx: PeriodContext): DateRange {
  const lastFull = addMonths(monthOf(ctx.today), -1);
  switch (relative) {
    case 'last-full-month':
      return monthRange(lastFull, lastFull);
    case 'last-full-quarter': {
      const first = addMonths(quarterOf(monthOf(ctx.today)), -3);
      return monthRange(first, addMonths(first, 2));
    }
    case 'last-12-months':
      return monthRange(addMonths(lastFull, -11), lastFull);
    case 'reporting-year-to-date':
      return monthRange(reportingYearStart(lastFull, ctx.reportingYearEnd), lastFull);
    case 'last-reporting-year': {
      const start = reportingYearStart(lastFull, ctx.reportingYearEnd);
      const last = addMonths(start, 11);
      // The year holding the last full month has ended only when that month is its last.
      const first = last === lastFull ? start : addMonths(start, -12);
      return monthRange(first, addMonths(first, 11));
    }
  }
}

export type PeriodResult =
  | { ok: true; range: DateRange | null }
  | { ok: false; message: string; field: 'start' | 'end' };

const refuse = (message: string, field: 'start' | 'end' = 'start'): PeriodResult => ({
  ok: false,
  message,
  field,
});
const isDate = (s: string | undefined): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * The period a report of a type covers for the dates chosen: a Monthly report the month of `start`, a
 * Quarterly one its quarter, a Yearly one the reporting year holding it, a FixedLength one `length` months
 * ending with the month of `end` (or starting with `start`), VariableMonth whole months, VariableLength the
 * days as given. Refused: a missing date, an end before the start, a period before 2000, longer than ten years
 * or not started yet on `today`.
 */
export function normalisePeriod(
  type: PeriodType,
  length: number | null,
  chosen: { start?: string; end?: string },
  ctx: PeriodContext,
): PeriodResult {
  if (type === 'NoLength') return { ok: true, range: null };
  const { start, end } = chosen;
  let range: DateRange;
  switch (type) {
    case 'Monthly':
    case 'Quarterly':
    case 'Yearly': {
      if (!isDate(start)) return refuse(REPORT_MSG.periodRequired);
      const month = monthOf(start);
      const first =
        type === 'Monthly'
          ? month
          : type === 'Quarterly'
            ? quarterOf(month)
            : reportingYearStart(month, ctx.reportingYearEnd);
      const months = type === 'Monthly' ? 1 : type === 'Quarterly' ? 3 : 12;
      range = monthRange(first, addMonths(first, months - 1));
      break;
    }
    case 'FixedLength': {
      const n = Math.max(1, length ?? 12);
      if (isDate(end)) range = monthRange(addMonths(monthOf(end), 1 - n), monthOf(end));
      else if (isDate(start)) range = monthRange(monthOf(start), addMonths(monthOf(start), n - 1));
      else return refuse(REPORT_MSG.periodRequired);
      break;
    }
    case 'VariableMonth':
    case 'VariableLength': {
      if (!isDate(start)) return refuse(REPORT_MSG.periodRequired, 'start');
      if (!isDate(end)) return refuse(REPORT_MSG.periodRequired, 'end');
      range = type === 'VariableMonth' ? monthRange(monthOf(start), monthOf(end)) : { start, end: end };
      if (range.end < range.start) return refuse(REPORT_MSG.periodOrder, 'end');
      break;
    }
  }
  if (Number(range.start.slice(0, 4)) < REPORT_FIRST_YEAR) {
    return refuse(REPORT_MSG.periodTooEarly.replace('{year}', String(REPORT_FIRST_YEAR)));
  }
  if (toDayNumber(range.end) - toDayNumber(range.start) + 1 > REPORT_MAX_YEARS * 366) {
    return refuse(REPORT_MSG.periodTooLong.replace('{years}', String(REPORT_MAX_YEARS)), 'end');
  }
  if (range.start > ctx.today) return refuse(REPORT_MSG.periodNotStarted);
  return { ok: true, range };
}

/** The months ('yyyy-MM-01') a period touches, first to last. */
export function monthsOf(range: DateRange): string[] {
  const out: string[] = [];
  for (let m = monthOf(range.start); m <= range.end; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** A period's key for "sent once per period": its first and last day. */
export const periodKey = (range: DateRange | null) => (range ? `${range.start}..${range.end}` : 'none');
