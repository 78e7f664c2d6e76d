/**
 * The completeness hold of an emailed report (docs/decisions/reports.md, Completeness hold): a period is sent
 * only once its data is at least `percent` complete (days with data of the days its meters were open), else
 * the send waits and the owner is told; after `maxDays` past the period's end it goes as it is, saying how
 * complete it is. A period without any data is skipped when the schedule says so.
 */

export interface Hold {
  /** 0 sends whatever there is. */
  percent: number;
  maxDays: number;
  skipWhenEmpty: boolean;
}

export interface PeriodCompleteness {
  daysOpen: number;
  daysCovered: number;
  /** Facts (meters x months) with any figure in the period. */
  facts: number;
}

export type HoldDecision =
  | { action: 'send'; percent: number }
  | { action: 'wait'; percent: number }
  | { action: 'send-late'; percent: number }
  | { action: 'skip' };

/** The share of days covered, 0-100, floored so it never claims 100 % when a day is missing. */
export function completenessPercent(c: PeriodCompleteness): number {
  if (c.daysOpen <= 0) return c.facts > 0 ? 100 : 0;
  return Math.floor((Math.min(c.daysCovered, c.daysOpen) / c.daysOpen) * 1000) / 10;
}

/** What to do with a period's send, `daysLate` days after the period ended. */
export function holdDecision(c: PeriodCompleteness, hold: Hold, daysLate: number): HoldDecision {
  if (c.facts === 0 && hold.skipWhenEmpty) return { action: 'skip' };
  const percent = completenessPercent(c);
  if (percent >= hold.percent) return { action: 'send', percent };
  if (daysLate >= hold.maxDays) return { action: 'send-late', percent };
  return { action: 'wait', percent };
}
