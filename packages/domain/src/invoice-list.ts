import { addMonths, fromDayNumber, toDayNumber } from './calendar';

/**
 * The invoice list's rules (data-portal.md 2.3, 4 "Reversed invoices", 9): which invoice nests under which
 * replacement, where the gaps are, and what the New Invoice dialog suggests. Pure: the API reads the rows
 * and the page shows what these answer.
 */

export type ListKind = 'normal' | 'reversal' | 'replacement' | 'decommission';
export const REVERSING_KINDS: readonly ListKind[] = ['reversal', 'replacement', 'decommission'];

export interface ListInvoice {
  id: number;
  kind: ListKind;
  invoiceDate: string | null;
  dateFrom: string;
  dateTill: string;
  /** The invoices this one reverses (invoice_reversals). */
  reverses: number[];
}

/**
 * The reversal start of a reversing document is its own start: it reverses what was billed from that day.
 * Normal invoices have none.
 */
export const reversalStartDate = (i: Pick<ListInvoice, 'kind' | 'dateFrom'>) =>
  REVERSING_KINDS.includes(i.kind) ? i.dateFrom : null;

const later = (a: ListInvoice, b: ListInvoice) =>
  (a.invoiceDate ?? a.dateTill) > (b.invoiceDate ?? b.dateTill) ||
  ((a.invoiceDate ?? a.dateTill) === (b.invoiceDate ?? b.dateTill) && a.id > b.id);

/**
 * The parent of every reversed invoice: the reversing document that names it, whose reversalStartDate is on
 * or before the reversed invoice's start (the latest such when several do); a reversed invoice no document
 * fits stays top-level. Answers reversed id -> parent id.
 */
export function nestReversed(invoices: ListInvoice[]): Map<number, number> {
  const byId = new Map(invoices.map((i) => [i.id, i]));
  const parent = new Map<number, number>();
  for (const reversed of invoices) {
    let best: ListInvoice | undefined;
    for (const doc of invoices) {
      if (doc.id === reversed.id || !doc.reverses.includes(reversed.id)) continue;
      const start = reversalStartDate(doc);
      if (start === null || start > reversed.dateFrom) continue;
      if (!best || later(doc, best)) best = doc;
    }
    if (best) parent.set(reversed.id, best.id);
  }
  // A cycle (a corrupt chain) would hide its invoices: break it by keeping them top-level.
  for (const id of [...parent.keys()]) {
    const seen = new Set<number>([id]);
    let at = parent.get(id);
    while (at !== undefined && byId.has(at)) {
      if (seen.has(at)) {
        parent.delete(id);
        break;
      }
      seen.add(at);
      at = parent.get(at);
    }
  }
  return parent;
}

export interface Period {
  from: string;
  till: string;
}

/** How long the last invoice may lie behind today before the days since count as missing (spec 9). */
export const TRAILING_GAP_MONTHS = 2;

const dayBefore = (iso: string) => fromDayNumber(toDayNumber(iso) - 1);
const dayAfter = (iso: string) => fromDayNumber(toDayNumber(iso) + 1);

/** The same day `n` months later, the last day of the month when that month is shorter. */
export function addMonthsToDay(iso: string, n: number): string {
  const month = addMonths(`${iso.slice(0, 7)}-01`, n);
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month.slice(0, 8)}${String(Math.min(Number(iso.slice(8, 10)), last)).padStart(2, '0')}`;
}

/**
 * The periods of a meter's life that nothing covers: between its open date (else its first invoice) and its
 * close date (else today). Covering periods are its invoices and its non-invoicing notes. For an open meter
 * the days after the last covered one count only once they reach back more than two months from today.
 */
export function invoiceGaps(input: {
  meterOpen: string | null;
  meterClose: string | null;
  today: string;
  covered: Period[];
}): Period[] {
  const covered = [...input.covered]
    .filter((p) => p.till >= p.from)
    .sort((a, b) => (a.from < b.from ? -1 : 1));
  const start = input.meterOpen ?? covered[0]?.from;
  if (start === undefined) return [];
  const end = input.meterClose !== null && input.meterClose < input.today ? input.meterClose : input.today;
  if (end < start) return [];
  const gaps: Period[] = [];
  let next = start; // the first day not yet known to be covered
  for (const p of covered) {
    if (p.till < next) continue;
    if (p.from > end) break;
    if (p.from > next) gaps.push({ from: next, till: dayBefore(p.from) });
    next = dayAfter(p.till);
  }
  if (next <= end) {
    const closed = input.meterClose !== null && input.meterClose <= input.today;
    if (closed || next <= addMonthsToDay(input.today, -TRAILING_GAP_MONTHS))
      gaps.push({ from: next, till: end });
  }
  return gaps;
}

/**
 * The New Invoice dialog's suggestion: the first gap when there is one, else the month after the latest
 * invoice (or from the open date), never past the close date.
 */
export function suggestedPeriod(input: {
  meterOpen: string | null;
  meterClose: string | null;
  today: string;
  lastTill: string | null;
  gaps: Period[];
}): Period {
  const [gap] = input.gaps;
  if (gap) return gap;
  const from = input.lastTill
    ? dayAfter(input.lastTill)
    : (input.meterOpen ?? `${input.today.slice(0, 7)}-01`);
  let till = dayBefore(addMonthsToDay(from, 1));
  if (input.meterClose !== null && till > input.meterClose) till = input.meterClose;
  if (till < from) till = from;
  return { from, till };
}

export type ReversalMode = 'reversal' | 'replacement' | 'decommission';
export interface ReversibleInvoice {
  id: number;
  dateFrom: string;
  dateTill: string;
}
/** The message keys the period checks answer (messages.ts). */
export type ReversalRefusal =
  | 'reversalEndBeforeStart'
  | 'reversalNoMatch'
  | 'reversalStartMismatch'
  | 'reversalEndPartway'
  | 'reversalEndExact'
  | 'replacementStartMismatch'
  | 'replacementEndMismatch';

/**
 * The invoices a reversal, replacement or decommission of `start`..`end` reverses (those starting in the
 * period, earliest first), or why the period does not fit the invoices (data-portal.md 5). A reversal runs
 * from an invoice's start to past the end of the latest one it covers; a replacement from the first covered
 * invoice's start to the last one's end; a decommission from an invoice's start.
 */
export function matchReversalPeriod(
  mode: ReversalMode,
  start: string,
  end: string,
  invoices: ReversibleInvoice[],
): { matched: ReversibleInvoice[] } | { refusal: ReversalRefusal } {
  if (end < start) return { refusal: 'reversalEndBeforeStart' };
  const matched = invoices
    .filter((i) => i.dateFrom >= start && i.dateFrom <= end)
    .sort((a, b) => (a.dateFrom === b.dateFrom ? a.id - b.id : a.dateFrom < b.dateFrom ? -1 : 1));
  if (matched.length === 0) return { refusal: 'reversalNoMatch' };
  const startsAnInvoice = invoices.some((i) => i.dateFrom === start);
  if (mode === 'replacement') {
    if (matched[0]?.dateFrom !== start) return { refusal: 'replacementStartMismatch' };
    let lastEnd = matched[0].dateTill;
    for (const i of matched) if (i.dateTill > lastEnd) lastEnd = i.dateTill;
    if (lastEnd !== end) return { refusal: 'replacementEndMismatch' };
    return { matched };
  }
  if (!startsAnInvoice) return { refusal: 'reversalStartMismatch' };
  if (mode === 'reversal') {
    if (invoices.some((i) => i.dateTill === end)) return { refusal: 'reversalEndExact' };
    if (matched.some((i) => i.dateTill > end)) return { refusal: 'reversalEndPartway' };
  }
  return { matched };
}
