/** Calendar arithmetic on 'yyyy-MM-dd' strings in UTC, without time zones getting in the way. */

const DAY_MS = 86_400_000;

/**
 * The ledger converts the same few thousand days back and forth for every meter it computes; both
 * directions are remembered (a day is 10 characters and a number, and the calendar a bounded set of them).
 */
const dayNumbers = new Map<string, number>();
const dayStrings = new Map<number, string>();

export function toDayNumber(iso: string): number {
  let day = dayNumbers.get(iso);
  if (day === undefined) {
    day = Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
    if (iso.length === 10) dayNumbers.set(iso, day);
  }
  return day;
}

export function fromDayNumber(day: number): string {
  let iso = dayStrings.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (Number.isInteger(day)) dayStrings.set(day, iso);
  }
  return iso;
}

/** The first day of the month of a 'yyyy-MM-dd' date, as 'yyyy-MM-01'. */
export function monthOf(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

/** Days in the month of a 'yyyy-MM' or 'yyyy-MM-dd' date (by arithmetic: the ledger asks for every meter-month). */
export function daysInMonth(month: string): number {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  if (m === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Inclusive number of days from `from` to `till`. */
export function daysBetween(from: string, till: string): number {
  return toDayNumber(till) - toDayNumber(from) + 1;
}

/** 'yyyy-MM-01' months from the month of `from` to the month of `till`, inclusive. */
export function monthsBetween(from: string, till: string): string[] {
  const months: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endKey = Number(till.slice(0, 4)) * 12 + Number(till.slice(5, 7));
  while (y * 12 + m <= endKey) {
    months.push(`${y}-${String(m).padStart(2, '0')}-01`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** The month `n` months after (or before, when negative) a 'yyyy-MM-01' month. */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}
