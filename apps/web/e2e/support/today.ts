import { addMonths, fromDayNumber, monthOf, toDayNumber } from '@verdant/domain/calendar';
import { todayIn } from '@verdant/domain/time-zone';

/**
 * Dates as the demo organisation has them (docs/domain.md, Time zones and today): its today is New Zealand's,
 * which runs up to thirteen hours ahead of UTC, so a journey that took UTC's date would be a day (and on the
 * last day of a month, a month) behind the demo's data for half of every New Zealand day.
 */
export const DEMO_TIME_ZONE = 'Pacific/Auckland';

/** The demo organisation's today, 'yyyy-MM-dd'. */
export function demoToday(): string {
  return todayIn(DEMO_TIME_ZONE);
}

/** The demo's date `n` days before today, 'yyyy-MM-dd'. */
export function demoDaysAgo(n: number): string {
  return fromDayNumber(toDayNumber(demoToday()) - n);
}

/** The month `n` months after (negative: before) the demo's current month, 'yyyy-MM-01'. */
export function demoMonth(n = 0): string {
  return addMonths(monthOf(demoToday()), n);
}

/** The last day of a 'yyyy-MM-01' month, 'yyyy-MM-dd'. */
export function lastDayOf(month: string): string {
  return fromDayNumber(toDayNumber(addMonths(month, 1)) - 1);
}

/** A 'yyyy-MM-dd' date as the date inputs show it: 'dd/MM/yyyy'. */
export function shownDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
