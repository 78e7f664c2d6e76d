import { fromDayNumber, toDayNumber } from '../calendar';
import { INVOICE_REPORT_SPARSE_PERCENT } from '../constants';

/**
 * The Invoice Entry Report (data-portal.md 2.1, 2.9, 3; core-portal.md 9): how much of each data source's life
 * in a year its entered invoices cover, by data source (month by month) or by day (the share of the data
 * sources due a bill that day that are invoiced). A data source, or a day, with less than 20% of the days due
 * invoiced is sparse; days after a data source's latest invoice that are not yet a gap are awaiting a bill,
 * not due.
 */
export interface EntryReportMeter {
  meterOpen: string | null;
  meterClose: string | null;
  /** The periods of the meter's life no invoice covers (the invoice list's gap rows), as [from, till]. */
  gaps: readonly (readonly [string, string])[];
  transientMeter: boolean;
  /** The first and last day any invoice (or non-invoicing note) covers. */
  firstInvoiced: string | null;
  lastInvoiced: string | null;
}

/**
 * A day of a data source: outside its life (before it opened, else before its first invoice; after it
 * closed; in the future), invoiced, missing (a gap), tenanted (a gap on a transient meter: 'Not billed for
 * period. Assumed tenanted'), or awaiting (after the last invoice, not yet a gap: the bill is not due yet).
 */
export type EntryDayState = 'outside' | 'invoiced' | 'missing' | 'tenanted' | 'awaiting';

export interface EntryCounts {
  /** Days the data source was open (not outside). */
  open: number;
  invoiced: number;
  missing: number;
  tenanted: number;
  awaiting: number;
}

const zero = (): EntryCounts => ({ open: 0, invoiced: 0, missing: 0, tenanted: 0, awaiting: 0 });

/** Day numbers of a meter's life and gaps, for many calls on the same meter. */
function prepared(m: EntryReportMeter, today: string) {
  const startIso = m.meterOpen ?? m.firstInvoiced;
  const close = m.meterClose && m.meterClose < today ? m.meterClose : today;
  return {
    start: startIso === null ? null : toDayNumber(startIso),
    end: toDayNumber(close),
    gaps: m.gaps.map(([a, b]) => [toDayNumber(a), toDayNumber(b)] as const),
    last: m.lastInvoiced === null ? null : toDayNumber(m.lastInvoiced),
    transient: m.transientMeter,
  };
}

function stateOn(p: ReturnType<typeof prepared>, day: number): EntryDayState {
  if (p.start === null || day < p.start || day > p.end) return 'outside';
  if (p.gaps.some(([a, b]) => a <= day && day <= b)) return p.transient ? 'tenanted' : 'missing';
  if (p.last === null || day > p.last) return 'awaiting';
  return 'invoiced';
}

/** The state of one day of a data source. */
export function entryDayState(m: EntryReportMeter, date: string, today: string): EntryDayState {
  return stateOn(prepared(m, today), toDayNumber(date));
}

const add = (c: EntryCounts, s: EntryDayState) => {
  if (s === 'outside') return;
  c.open += 1;
  c[s] += 1;
};

/** Days a bill is due for: open days that are not awaiting one (the latest bill is not due yet). */
export const dueDays = (c: EntryCounts) => c.open - c.awaiting;
/** Invoiced days as a percentage of the days due; null when none is due. */
export const invoicedPercent = (c: EntryCounts) => {
  const due = dueDays(c);
  return due === 0 ? null : (c.invoiced / due) * 100;
};
/** Below the sparse threshold (20% of the days due invoiced). */
export const isSparse = (c: EntryCounts) => {
  const p = invoicedPercent(c);
  return p !== null && p < INVOICE_REPORT_SPARSE_PERCENT;
};

const yearDays = (year: number) => {
  const first = toDayNumber(`${year}-01-01`);
  return { first, count: toDayNumber(`${year + 1}-01-01`) - first };
};

/** A data source's year: the counts of each month (0 = January) and of the whole year. */
export function meterYear(m: EntryReportMeter, year: number, today: string) {
  const p = prepared(m, today);
  const { first, count } = yearDays(year);
  const months = Array.from({ length: 12 }, zero);
  const total = zero();
  for (let i = 0; i < count; i++) {
    const day = first + i;
    const s = stateOn(p, day);
    const month = Number(fromDayNumber(day).slice(5, 7)) - 1;
    const bucket = months[month];
    if (bucket) add(bucket, s);
    add(total, s);
  }
  return { months, total };
}

/** Every day of the year: how many of the data sources were open, invoiced, missing... that day. */
export function daysOfYear(meters: readonly EntryReportMeter[], year: number, today: string) {
  const { first, count } = yearDays(year);
  const days = Array.from({ length: count }, (_, i) => ({ date: fromDayNumber(first + i), ...zero() }));
  for (const m of meters) {
    const p = prepared(m, today);
    for (let i = 0; i < count; i++) {
      const day = days[i];
      if (day) add(day, stateOn(p, first + i));
    }
  }
  return days;
}
