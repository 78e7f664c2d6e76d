import dayjs from 'dayjs';
import { DATE_FORMAT_DISPLAY } from './constants';
import { parseMonthName } from './month-labels';

/** Shows a stored date or timestamp as dd/MM/yyyy; empty or unreadable input gives an empty string. */
export function formatDisplayDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT_DISPLAY) : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

function storedDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > daysInMonth ? null : `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * Reads a date as people type it here: day first (dd/MM/yyyy, with '/', '.' or '-' between, one or two digits
 * for day and month), or ISO yyyy-MM-dd as pasted from elsewhere. Answers yyyy-MM-dd, or null when the text is
 * not a whole, real date (31/02 included). Never reads month first.
 */
export function parseDisplayDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return storedDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (dayFirst) return storedDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  return null;
}

/** Reads a month typed as MM/yyyy, shown as 'Oct 2026' or pasted as yyyy-MM; answers yyyy-MM, or null. */
export function parseDisplayMonth(text: string): string | null {
  const value = text.trim();
  const named = parseMonthName(value);
  if (named) return named;
  const iso = /^(\d{4})-(\d{1,2})$/.exec(value);
  const typed = /^(\d{1,2})[/.-](\d{4})$/.exec(value);
  const [year, month] = iso
    ? [Number(iso[1]), Number(iso[2])]
    : typed
      ? [Number(typed[2]), Number(typed[1])]
      : [0, 0];
  return storedDate(year, month, 1)?.slice(0, 7) ?? null;
}
