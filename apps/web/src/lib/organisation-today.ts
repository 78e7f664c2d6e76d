import { addMonths, monthOf } from '@verdant/domain/calendar';
import { formatMonth } from '@verdant/domain/month-labels';
import { DEFAULT_TIME_ZONE, todayIn } from '@verdant/domain/time-zone';
import { useOrgSummary } from './current-user';
import { getSession, useSession } from './session-store';

/**
 * The current organisation's today, 'yyyy-MM-dd', in its own time zone (docs/domain.md, Time zones and today),
 * never the browser's or UTC's: New Zealand is up to thirteen hours ahead of UTC, so a form that took UTC's
 * date would offer yesterday every New Zealand morning. Until the organisation summary is read, the zone the
 * session was signed in with stands in.
 */
export function useOrganisationToday(): string {
  const summary = useOrgSummary().data;
  const session = useSession();
  return todayIn(summary?.timeZone ?? session?.organisation?.timeZone ?? DEFAULT_TIME_ZONE);
}

/**
 * The signed-in organisation's today outside a component (the date in a downloaded file's name): from the zone
 * the session keeps, set at sign-in and on switching organisation.
 */
export function organisationTodayNow(now = new Date()): string {
  return todayIn(getSession()?.organisation?.timeZone ?? DEFAULT_TIME_ZONE, now);
}

/** The `count` complete months before the month of `today`, newest first, as 'yyyyMM' with their labels. */
export function completeMonths(today: string, count: number): { value: string; label: string }[] {
  const current = monthOf(today);
  return Array.from({ length: count }, (_, i) => {
    const month = addMonths(current, -1 - i);
    return { value: month.slice(0, 7).replace('-', ''), label: formatMonth(month) };
  });
}
