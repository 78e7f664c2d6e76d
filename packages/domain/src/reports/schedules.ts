import { daysInMonth, fromDayNumber, toDayNumber } from '../calendar';
import { instantsOfLocalTime, todayIn } from '../time-zone';
import { REPORT_MSG } from './messages';
import type { Frequency } from './report-types';

/**
 * When an emailed report goes (data-portal.md 9; docs/decisions/reports.md, Schedules): monthly on a day of
 * the month (a day over 28 means the month's last day), weekly on a day of the week (0 Sunday to 6
 * Saturday), or once on a date; always at 06:00 on the organisation's wall clock.
 */

export interface Schedule {
  frequency: Frequency;
  /** Day of the month 1-31 (M) or of the week 0-6 (W); null for once. */
  reportOn: number | null;
  /** 'yyyy-MM-dd' for once. */
  onceOn?: string | null;
}

/** The local time of day reports are sent at, in minutes after midnight. */
export const SEND_AT_MINUTES = 6 * 60;

/** What is wrong with a schedule, or null. A once date may be today (it goes at once if 06:00 has passed). */
export function scheduleProblem(s: Schedule, today: string): { field: string; message: string } | null {
  if (s.frequency === 'M') {
    if (!Number.isInteger(s.reportOn) || (s.reportOn ?? 0) < 1 || (s.reportOn ?? 0) > 31) {
      return { field: 'on', message: REPORT_MSG.dayOfMonth };
    }
  } else if (s.frequency === 'W') {
    if (!Number.isInteger(s.reportOn) || (s.reportOn ?? -1) < 0 || (s.reportOn ?? 7) > 6) {
      return { field: 'on', message: REPORT_MSG.dayOfWeek };
    }
  } else if (!s.onceOn || !/^\d{4}-\d{2}-\d{2}$/.test(s.onceOn) || s.onceOn < today) {
    return { field: 'on', message: REPORT_MSG.onceDate };
  }
  return null;
}

/** Whether a schedule sends on a date ('yyyy-MM-dd'). */
export function sendsOn(s: Schedule, date: string): boolean {
  if (s.frequency === 'O') return s.onceOn === date;
  if (s.frequency === 'W') return new Date(`${date}T00:00:00Z`).getUTCDay() === s.reportOn;
  const day = Number(date.slice(8, 10));
  const on = s.reportOn ?? 1;
  return on > 28 ? day === daysInMonth(date) : day === on;
}

/** The instant a date's send time is in the zone (the hour after, where 06:00 is skipped). */
export function sendInstant(date: string, zone: string): Date {
  const at = instantsOfLocalTime(zone, date, SEND_AT_MINUTES)[0];
  return new Date(at ?? (instantsOfLocalTime(zone, date, SEND_AT_MINUTES + 60)[0] as number));
}

/** The next instant after `now` the schedule sends at, or null (a once schedule already sent). */
export function nextSendAt(s: Schedule, now: Date, zone: string): Date | null {
  const today = toDayNumber(todayIn(zone, now));
  // Every monthly day comes round within two months; a week within seven days.
  for (let d = today; d <= today + 62; d += 1) {
    const date = fromDayNumber(d);
    if (!sendsOn(s, date)) continue;
    const at = sendInstant(date, zone);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}

/** The local date a send instant falls on: the day the period is taken from. */
export const sendDate = (at: Date, zone: string) => todayIn(zone, at);

/** 'Monthly on day 5', 'Monthly on the last day', 'Weekly on Monday', 'Once on 01/12/2026'. */
export function describeSchedule(s: Schedule): string {
  if (s.frequency === 'M') {
    return (s.reportOn ?? 1) > 28 ? 'Monthly on the last day' : `Monthly on day ${s.reportOn}`;
  }
  if (s.frequency === 'W') return `Weekly on ${WEEKDAYS[s.reportOn ?? 0]}`;
  const d = s.onceOn ?? '';
  return `Once on ${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
}
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
