import { daysBetween, fromDayNumber, toDayNumber } from '../calendar';
import { number, percent, shown } from './shared';
import type { Audit, AuditInvoice, HalfHourDay } from './types';

export const HALF_HOUR_TOLERANCE_PERCENT = 2;

/**
 * The invoice's billed consumption beside the half-hour total over the same days
 * (docs/decisions/bill-audit.md, Half-hour reconciliation).
 */
export interface HalfHourReconciliation {
  billedKwh: number;
  halfHourKwh: number;
  /** (half-hour - billed) / billed x 100; null when nothing was billed. */
  differencePercent: number | null;
  tolerancePercent: number;
  withinTolerance: boolean;
  /** Days of the period with no half-hour data, or fewer than 48 readings. */
  missingDays: string[];
  daysInPeriod: number;
}

/**
 * Reconciles an invoice with the meter's half-hour data; null when the meter has no half-hour data on any day
 * of the invoice's period (then there is nothing to reconcile with). `kwhPerUnit` turns the billed consumption
 * into kWh.
 */
export function reconcileHalfHour(
  invoice: Pick<AuditInvoice, 'dateFrom' | 'dateTill' | 'consumption'>,
  halfHour: HalfHourDay[],
  kwhPerUnit = 1,
  tolerancePercent = HALF_HOUR_TOLERANCE_PERCENT,
): HalfHourReconciliation | null {
  const byDate = new Map(halfHour.map((d) => [d.date, d]));
  const first = toDayNumber(invoice.dateFrom);
  const total = daysBetween(invoice.dateFrom, invoice.dateTill);
  let sum = 0;
  let seen = 0;
  const missingDays: string[] = [];
  for (let i = 0; i < total; i++) {
    const date = fromDayNumber(first + i);
    const day = byDate.get(date);
    if (day) {
      seen += 1;
      sum += day.kwh.reduce((a, b) => a + b, 0);
    }
    if (!day || day.kwh.length < 48) missingDays.push(date);
  }
  if (seen === 0) return null;
  return {
    ...halfHourDifference(invoice.consumption * kwhPerUnit, sum, tolerancePercent),
    missingDays,
    daysInPeriod: total,
  };
}

/**
 * The billed kWh beside the half-hour kWh (both to the Wh): the difference in percent of the billed, and
 * whether it lies within the tolerance. The invoice page runs it again as the consumption is typed.
 */
export function halfHourDifference(
  billed: number,
  halfHour: number,
  tolerancePercent = HALF_HOUR_TOLERANCE_PERCENT,
): Pick<
  HalfHourReconciliation,
  'billedKwh' | 'halfHourKwh' | 'differencePercent' | 'tolerancePercent' | 'withinTolerance'
> {
  const billedKwh = Math.round(billed * 1000) / 1000;
  const halfHourKwh = Math.round(halfHour * 1000) / 1000;
  const differencePercent = billedKwh === 0 ? null : ((halfHourKwh - billedKwh) / Math.abs(billedKwh)) * 100;
  const withinTolerance =
    differencePercent === null ? halfHourKwh === 0 : Math.abs(differencePercent) <= tolerancePercent;
  return { billedKwh, halfHourKwh, differencePercent, tolerancePercent, withinTolerance };
}

/** Consecutive days as ranges: 'dd/MM/yyyy' or 'dd/MM/yyyy to dd/MM/yyyy', comma separated. */
export function dayRanges(dates: string[]): string {
  const ranges: [string, string][] = [];
  for (const d of dates) {
    const last = ranges[ranges.length - 1];
    if (last && toDayNumber(d) === toDayNumber(last[1]) + 1) last[1] = d;
    else ranges.push([d, d]);
  }
  return ranges.map(([a, b]) => (a === b ? shown(a) : `${shown(a)} to ${shown(b)}`)).join(', ');
}

export const halfHourReconciliation: Audit = {
  code: 'half-hour-reconciliation',
  name: 'Invoice against half-hour data',
  explanation:
    "Where the meter has half-hour data for the invoice's period, adds it up over the same days and alerts when it differs from the billed consumption by more than the tolerance (2% unless set otherwise), naming the days missing from the half-hour data.",
  run({ invoice, halfHour, meter, halfHourTolerance }) {
    if (!halfHour || meter.kwhPerUnit === null || meter.kwhPerUnit === undefined) return null;
    const r = reconcileHalfHour(invoice, halfHour, meter.kwhPerUnit, halfHourTolerance);
    if (!r || r.withinTolerance) return null;
    const diff =
      r.differencePercent === null
        ? ''
        : ` (${percent(r.differencePercent)} ${r.differencePercent > 0 ? 'more' : 'less'})`;
    const missing =
      r.missingDays.length > 0 ? `; half-hour data missing for ${dayRanges(r.missingDays)}` : '';
    return {
      audit: 'half-hour-reconciliation',
      message: `Half-hour data totals ${number(r.halfHourKwh)} kWh against ${number(r.billedKwh)} kWh billed${diff}${missing}`,
    };
  },
};
