/**
 * Portal periods (data-portal.md 9: Monthly, Yearly (Calendar), Yearly (Commerical FY), Yearly (Government
 * FY)) and the period a portal takes figures for (docs/decisions/portals.md, "The open period").
 */
export const PORTAL_PERIODS = [
  'Monthly',
  'Yearly (Calendar)',
  'Yearly (Commerical FY)',
  'Yearly (Government FY)',
] as const;
export type PortalPeriod = (typeof PORTAL_PERIODS)[number];

/** The default financial reporting id of a new portal (data-portal.md 9). */
export const PORTAL_DEFAULT_REPORTING = 2;

export interface Period {
  /** yyyy-MM-dd, the first day. */
  start: string;
  /** yyyy-MM-dd, the last day. */
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The month a year starts in: January, April (commercial FY, ending March) or July (government FY). */
const firstMonth = (p: PortalPeriod) =>
  p === 'Yearly (Commerical FY)' ? 4 : p === 'Yearly (Government FY)' ? 7 : 1;

/** The period of a portal that holds a day. */
export function periodOf(period: PortalPeriod, day: string): Period {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  if (period === 'Monthly') return { start: ymd(y, m, 1), end: ymd(y, m, daysIn(y, m)) };
  const first = firstMonth(period);
  const startYear = m >= first ? y : y - 1;
  const endMonth = first === 1 ? 12 : first - 1;
  const endYear = first === 1 ? startYear : startYear + 1;
  return { start: ymd(startYear, first, 1), end: ymd(endYear, endMonth, daysIn(endYear, endMonth)) };
}

/** The day before a date (yyyy-MM-dd). */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A date plus some days (yyyy-MM-dd). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The open period on a day: the last period that has ended (a meter is read once its period is over). */
export function openPeriod(period: PortalPeriod, today: string): Period {
  return periodOf(period, dayBefore(periodOf(period, today).start));
}

/** The periods before and including the open one, newest first. */
export function recentPeriods(period: PortalPeriod, today: string, count: number): Period[] {
  const out: Period[] = [];
  let p = openPeriod(period, today);
  for (let i = 0; i < count; i += 1) {
    out.push(p);
    p = periodOf(period, dayBefore(p.start));
  }
  return out;
}

/** The day a period's figures are due: some days after it ends. */
export const dueDateOf = (p: Period, dueDays: number) => addDays(p.end, dueDays);

/** How a period's figure stands: received (on time or late), or still due, or late. */
export function periodState(
  p: Period,
  dueDays: number,
  today: string,
  receivedOn: string | null,
): 'received' | 'received late' | 'due' | 'late' {
  const due = dueDateOf(p, dueDays);
  if (receivedOn !== null) return receivedOn > due ? 'received late' : 'received';
  return today > due ? 'late' : 'due';
}

/** A period as words: 'March 2026' for a month, '2025/26' or '2026' for a year. */
export function periodLabel(period: PortalPeriod, p: Period): string {
  if (period === 'Monthly') {
    const month = new Date(`${p.start}T00:00:00Z`).toLocaleString('en-NZ', {
      month: 'long',
      timeZone: 'UTC',
    });
    return `${month} ${p.start.slice(0, 4)}`;
  }
  const a = p.start.slice(0, 4);
  const b = p.end.slice(0, 4);
  return a === b ? a : `${a}/${b.slice(2)}`;
}
