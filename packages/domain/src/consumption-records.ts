import { MSG } from './messages';

/**
 * Consumption records (data-portal 2.5 and 5): the rules of the New Consumption Record dialog and of editing
 * a row, shared by the dialog (which disables Create while any row is wrong) and the API (which refuses the
 * same rows). Periods are inclusive on both ends, as the ledger spreads them: a record from 01/01 to 31/01
 * and one from 31/01 on overlap by a day.
 */

export interface RecordPeriod {
  id?: number;
  dateFrom: string;
  dateTill: string;
}

export interface RecordMeter {
  meterOpen: string | null;
  meterClose: string | null;
}

/** A row as typed: dates 'yyyy-MM-dd' (null or anything else while incomplete), units a number or empty. */
export interface RecordDraft {
  dateFrom: string | null;
  dateTill: string | null;
  units: number | string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string | null): v is string => v !== null && DATE.test(v);

export const overlaps = (a: RecordPeriod, b: RecordPeriod) =>
  a.dateFrom <= b.dateTill && b.dateFrom <= a.dateTill;

/** The units as a number, or null when they do not parse as one. */
export function unitsOf(units: number | string | null): number | null {
  if (units === null) return null;
  if (typeof units === 'number') return Number.isFinite(units) ? units : null;
  const text = units.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text);
}

function unitsError(units: number | string | null): string | null {
  const value = unitsOf(units);
  if (value === null) return MSG.consumptionUnitsNumber;
  return value < 0 ? MSG.consumptionUnitsNegative : null;
}

/** Whether a row has every field filled in (dates whole, units typed). */
export function isComplete(row: RecordDraft): boolean {
  return (
    isDate(row.dateFrom) && isDate(row.dateTill) && row.units !== null && String(row.units).trim() !== ''
  );
}

/** The open and close date rules, which hold for new and edited rows alike. */
function meterDatesError(period: RecordPeriod, meter: RecordMeter): string | null {
  if (meter.meterOpen !== null && period.dateFrom < meter.meterOpen) return MSG.consumptionBeforeOpen;
  if (meter.meterClose !== null && period.dateTill > meter.meterClose) return MSG.consumptionAfterClose;
  return null;
}

/**
 * The message of each new row (null when it is fine, or while its dates are incomplete), in the spec's
 * order: open date, close date, from after till, an existing record, another new row. Every row that
 * overlaps another new row says so, so both are visible.
 */
export function newRowErrors(
  rows: readonly RecordDraft[],
  existing: readonly RecordPeriod[],
  meter: RecordMeter,
): (string | null)[] {
  const periods = rows.map((r) =>
    isDate(r.dateFrom) && isDate(r.dateTill) ? { dateFrom: r.dateFrom, dateTill: r.dateTill } : null,
  );
  return rows.map((row, i) => {
    const period = periods[i];
    if (!period) return null;
    const error =
      meterDatesError(period, meter) ??
      (period.dateFrom > period.dateTill ? MSG.consumptionFromAfterTill : null) ??
      (existing.some((e) => overlaps(period, e)) ? MSG.consumptionOverlapsRecord : null) ??
      (periods.some((p, j) => j !== i && p !== null && p.dateFrom <= p.dateTill && overlaps(period, p))
        ? MSG.consumptionOverlapsEntry
        : null);
    if (error) return error;
    return row.units === null || String(row.units).trim() === '' ? null : unitsError(row.units);
  });
}

/** Whether the dialog may create its rows: at least one, every field filled in, no row wrong. */
export function mayCreate(
  rows: readonly RecordDraft[],
  existing: readonly RecordPeriod[],
  meter: RecordMeter,
): boolean {
  return (
    rows.length > 0 && rows.every(isComplete) && newRowErrors(rows, existing, meter).every((e) => e === null)
  );
}

/** The records before and after a stored one, in date order (the neighbours its edit must respect). */
export function neighboursOf<T extends RecordPeriod>(records: readonly T[], id: number) {
  const sorted = [...records].sort(
    (a, b) => a.dateFrom.localeCompare(b.dateFrom) || (a.id ?? 0) - (b.id ?? 0),
  );
  const at = sorted.findIndex((r) => r.id === id);
  return { previous: at > 0 ? sorted[at - 1] : undefined, next: at >= 0 ? sorted[at + 1] : undefined };
}

export type EditErrors = Partial<Record<'dateFrom' | 'dateTill' | 'units', string>>;

/**
 * The messages of an edited row by field (data-portal 5, "Editing a consumption row"): its dates against
 * each other and against the records before and after it, the units a number; the open and close dates
 * hold as for new rows.
 */
export function editErrors(
  row: RecordDraft,
  around: { previous?: RecordPeriod; next?: RecordPeriod },
  meter: RecordMeter,
): EditErrors {
  const errors: EditErrors = {};
  const units = unitsError(row.units);
  if (units) errors.units = units;
  const from = isDate(row.dateFrom) ? row.dateFrom : null;
  const till = isDate(row.dateTill) ? row.dateTill : null;
  if (from !== null && till !== null && from > till) {
    errors.dateFrom = MSG.consumptionFromAfterTill;
    errors.dateTill = MSG.consumptionTillBeforeFrom;
    return errors;
  }
  if (from !== null && around.previous && from <= around.previous.dateTill)
    errors.dateFrom = MSG.consumptionFromBeforePrevious;
  if (till !== null && around.next && till >= around.next.dateFrom)
    errors.dateTill = MSG.consumptionTillAfterNext;
  if (from !== null && till !== null) {
    const dates = meterDatesError({ dateFrom: from, dateTill: till }, meter);
    if (dates === MSG.consumptionBeforeOpen) errors.dateFrom ??= dates;
    if (dates === MSG.consumptionAfterClose) errors.dateTill ??= dates;
  }
  return errors;
}
