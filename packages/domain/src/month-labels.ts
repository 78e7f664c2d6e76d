const MONTH_NAMES = [
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

const YEAR_MONTH = /^(\d{4})-(\d{2})/;

/** 'October 2026' for month 10 (1-12) of 2026; an impossible month gives the year alone. */
export function monthYearLabel(month: number, year: number): string {
  const name = MONTH_NAMES[month - 1];
  return name ? `${name} ${year}` : String(year);
}

/** A chart axis label for a 'yyyy-MM' (or 'yyyy-MM-dd') month: '2025-11' -> 'Nov 25'. */
export function shortMonthLabel(month: string): string {
  const match = YEAR_MONTH.exec(month);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !name) return month;
  return `${name.slice(0, 3)} ${match[1]?.slice(2)}`;
}

/** The 'yyyy-MM' key of a month (1-12) of a year, as the dashboard calls name months. */
export function monthKey(month: number, year: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** 'Jan' to 'Dec', January first (a target's monthly profile). */
export const MONTH_SHORT_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));
