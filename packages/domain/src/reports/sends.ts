import { fromDayNumber, toDayNumber } from '../calendar';
import type { Hold, HoldDecision } from './hold';
import { completenessPercent, holdDecision, type PeriodCompleteness } from './hold';
import { type DateRange, resolveRelative } from './periods';
import type { RelativePeriod } from './report-types';

/**
 * One send of an emailed report (docs/decisions/reports.md, Schedules): the period an occurrence covers is
 * taken on the local date it is due, not on the day a worker gets to it, so a send that waits for its data
 * keeps the period it was made for.
 */

export interface KeptPeriod {
  relative: RelativePeriod | null;
  start: string | null;
  end: string | null;
}

/** The period an occurrence due on `dueOn` covers: a sliding one resolved on that day, or the fixed dates. */
export function occurrencePeriod(
  kept: KeptPeriod,
  dueOn: string,
  reportingYearEnd: number,
): { start: string | null; end: string | null } {
  if (kept.relative) return resolveRelative(kept.relative, { today: dueOn, reportingYearEnd });
  return { start: kept.start, end: kept.end };
}

/** Days from the period's last day to `today` (0 on the last day itself; a period not ended is negative). */
export const daysAfterPeriod = (period: DateRange | null, today: string) =>
  period ? toDayNumber(today) - toDayNumber(period.end) : 0;

/** The last day a held send waits to: the period's end plus the hold's days. */
export function holdDeadline(period: DateRange | null, hold: Hold): string | null {
  return period ? fromDayNumber(toDayNumber(period.end) + hold.maxDays) : null;
}

/** What a send does on `today`, with the period's completeness as the read model counts it. */
export function sendDecision(
  c: PeriodCompleteness,
  hold: Hold,
  period: DateRange | null,
  today: string,
): HoldDecision {
  // A period that has not ended yet (financial year to date) cannot be waited for: it is sent as it is.
  if (!period) return c.facts === 0 && hold.skipWhenEmpty ? { action: 'skip' } : send(c);
  return holdDecision(c, hold, daysAfterPeriod(period, today));
}

const send = (c: PeriodCompleteness): HoldDecision => ({ action: 'send', percent: completenessPercent(c) });
