import { instantsOfLocalTime, nowIn } from './time-zone';

/**
 * The spec's Overnight jobs (data-portal.md 3, Background job: type 2; docs/decisions/job-runner.md, Overnight
 * jobs): a job of type 2 waits until the night window on its organisation's wall clock, then runs. The window is
 * configuration (OVERNIGHT_WINDOW, "01:00-05:00" by default); it may wrap past midnight ("23:00-04:00").
 */

export const OVERNIGHT_WINDOW_DEFAULT = '01:00-05:00';

/** A night window: its start and end as minutes after midnight on the wall clock (end after start, or wrapped). */
export interface NightWindow {
  start: number;
  end: number;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "01:00-05:00" read as a window, or null when it is not two times HH:MM apart. */
export function parseNightWindow(text: string): NightWindow | null {
  const [from, till, ...rest] = text.trim().split('-');
  const a = TIME.exec(from?.trim() ?? '');
  const b = TIME.exec(till?.trim() ?? '');
  if (!a || !b || rest.length > 0) return null;
  const start = Number(a[1]) * 60 + Number(a[2]);
  const end = Number(b[1]) * 60 + Number(b[2]);
  return start === end ? null : { start, end };
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The window in words, "01:00-05:00". */
export const nightWindowText = (w: NightWindow) => `${hhmm(w.start)}-${hhmm(w.end)}`;

const inWindow = (w: NightWindow, minutes: number) =>
  w.start < w.end ? minutes >= w.start && minutes < w.end : minutes >= w.start || minutes < w.end;

const nextDate = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * When an Overnight job may start: now, when the zone's wall clock is inside the window; else the next time the
 * clock reads the window's start (today's, or tomorrow's once it has passed). A start in the hour skipped when
 * daylight time begins is taken as the first minute the clock reads after it.
 */
export function overnightStart(now: Date, zone: string, window: NightWindow): Date {
  const wall = nowIn(zone, now);
  if (inWindow(window, wall.minutes)) return now;
  const date = wall.minutes < window.start ? wall.date : nextDate(wall.date);
  for (let minutes = window.start; minutes < window.start + 180; minutes += 1) {
    const [first] = instantsOfLocalTime(zone, date, minutes);
    if (first !== undefined) return new Date(first);
  }
  // A zone whose clock skips three hours does not exist; answer the start as if in UTC.
  return new Date(Date.parse(`${date}T${hhmm(window.start)}:00Z`));
}
