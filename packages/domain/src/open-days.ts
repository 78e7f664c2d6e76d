import { daysInMonth, toDayNumber } from './calendar';
import type { LedgerMeter } from './ledger-types';

/**
 * Days of a month on which the meter was open (up to today when given). A measure is complete for a month
 * when its days reach the open days.
 */
export function openDaysIn(month: string, meter: LedgerMeter, today?: string): number {
  const first = toDayNumber(month);
  return openDaysFrom(first, first + daysInMonth(month) - 1, meter, today);
}

/**
 * Days of the months `from` to `till` ('yyyy-MM-01', inclusive) on which the meter was open, up to today when
 * given: the sum of openDaysIn over those months, counted at once.
 */
export function openDaysOver(from: string, till: string, meter: LedgerMeter, today?: string): number {
  return openDaysFrom(toDayNumber(from), toDayNumber(till) + daysInMonth(till) - 1, meter, today);
}

function openDaysFrom(first: number, last: number, meter: LedgerMeter, today?: string): number {
  const open = meter.openDate ? Math.max(first, toDayNumber(meter.openDate)) : first;
  const closeLimit = Math.min(
    last,
    today ? toDayNumber(today) : last,
    meter.closeDate ? toDayNumber(meter.closeDate) : last,
  );
  return Math.max(0, closeLimit - open + 1);
}
