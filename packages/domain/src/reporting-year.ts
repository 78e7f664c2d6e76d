import { addMonths } from './calendar';

/**
 * Reporting years. An organisation's reporting year ends with month `yearEnd` (12 calendar, 3 commercial
 * FY Apr-Mar, 6 government FY Jul-Jun) and starts the month after.
 */

/** The first month ('yyyy-MM-01') of the reporting year that holds `month` ('yyyy-MM-01'). */
export function reportingYearStart(month: string, yearEnd: number): string {
  const startMonth = (yearEnd % 12) + 1;
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const startYear = m >= startMonth ? year : year - 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}

/** The twelve months ('yyyy-MM-01') of the reporting year starting at `start`. */
export function reportingYearMonths(start: string): string[] {
  return Array.from({ length: 12 }, (_, i) => addMonths(start, i));
}

/** '2026' for a calendar year; 'FY 2026/27' for a financial year starting in 2026. */
export function reportingYearLabel(start: string): string {
  const year = Number(start.slice(0, 4));
  if (start.slice(5, 7) === '01') return String(year);
  return `FY ${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}
