import { fromDayNumber, toDayNumber } from '../calendar';

export interface Period {
  from: string;
  till: string;
}

const addDays = (iso: string, n: number) => fromDayNumber(toDayNumber(iso) + n);

/** The same day a month later, less a day (31 Jan → 28 Feb): a billing month from `from`. */
export function monthFrom(from: string): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m, 1));
  const days = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(d, days);
  const iso = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return addDays(iso, -1);
}

/**
 * The periods between a meter's open date and its invoices' end that no invoice covers (New Invoice dialog
 * suggestions, spec 5): before the first invoice and between invoices, oldest first.
 */
export function invoiceGaps(periods: readonly Period[], meterOpen: string | null, end: string): Period[] {
  const sorted = [...periods].sort((a, b) => a.from.localeCompare(b.from));
  const gaps: Period[] = [];
  let covered = meterOpen === null ? null : addDays(meterOpen, -1);
  for (const p of sorted) {
    if (covered !== null && p.from > addDays(covered, 1)) {
      const till = addDays(p.from, -1);
      gaps.push({ from: addDays(covered, 1), till: till < end ? till : end });
    }
    if (covered === null || p.till > covered) covered = p.till;
  }
  return gaps.filter((g) => g.from <= g.till);
}

/**
 * The period a new invoice most likely covers: a billing month from the start of the oldest gap (its end if
 * sooner), else the month after the last invoice.
 */
export function suggestedPeriod(
  periods: readonly Period[],
  meterOpen: string | null,
  end: string,
): Period | null {
  const gap = invoiceGaps(periods, meterOpen, end)[0];
  if (gap) {
    const month = monthFrom(gap.from);
    return { from: gap.from, till: [month, gap.till].sort()[0] ?? gap.till };
  }
  const last = [...periods].sort((a, b) => a.till.localeCompare(b.till)).at(-1);
  const from = last ? addDays(last.till, 1) : meterOpen;
  if (from === null) return null;
  return { from, till: monthFrom(from) };
}
