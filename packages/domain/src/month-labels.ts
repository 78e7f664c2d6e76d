/**
 * The one way a month is shown (docs/decisions/formats.md, "One month format"): 'Oct 2026', on every screen,
 * chart, table and report; dates stay dd/MM/yyyy (core-portal.md 9). Stored and sent as 'yyyy-MM'.
 */

/** 'January' to 'December', January first (a month picker that spells them out). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Jan' to 'Dec', January first (a target's monthly profile, a month picker). */
export const MONTH_SHORT_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));

const YEAR_MONTH = /^(\d{4})-(\d{2})(?:-\d{2})?$/;

/**
 * 'Oct 2026' for '2026-10' (or any 'yyyy-MM-dd' in it), or for month 10 (1-12) of 2026. Empty for no month;
 * anything unreadable is given back as it is.
 */
export function formatMonth(month: string | null | undefined): string;
export function formatMonth(month: number, year: number): string;
export function formatMonth(month: string | number | null | undefined, year?: number): string {
  if (typeof month === 'number') return formatMonth(monthKey(month, year ?? 0));
  if (!month) return '';
  const match = YEAR_MONTH.exec(month);
  const name = match ? MONTH_SHORT_NAMES[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/** Reads 'Oct 2026' or 'October 2026' (any case) as 'yyyy-MM'; null otherwise. */
export function parseMonthName(text: string): string | null {
  const match = /^([a-z]+)\.?\s+(\d{4})$/i.exec(text.trim());
  if (!match) return null;
  const word = (match[1] ?? '').toLowerCase();
  const index = MONTH_NAMES.findIndex(
    (name) => name.toLowerCase() === word || (word.length === 3 && name.toLowerCase().startsWith(word)),
  );
  return index < 0 ? null : monthKey(index + 1, Number(match[2]));
}

/** The 'yyyy-MM' key of a month (1-12) of a year, as the dashboard calls name months. */
export function monthKey(month: number, year: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}
