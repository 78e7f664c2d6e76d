import { addMonths, monthOf } from './calendar';

/**
 * The organisation's time zone (docs/domain.md, Time zones and today): "today", "last month" and "last
 * complete month" are dates in that zone, never in UTC (in New Zealand UTC turns to the next day at noon or 1
 * pm). Half-hour readings are stored on the zone's standard-time clock, so every day has 48 of them, daylight
 * saving or not.
 */

export const DEFAULT_TIME_ZONE = 'Pacific/Auckland';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether a name is a time zone this runtime knows (Pacific/Auckland, Australia/Sydney, ...). */
export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** Per zone, the wall clock of the last minute asked for (docs/decisions/performance.md, The wall clock per minute). */
const lastMinute = new Map<string, { minute: number; date: string; minutes: number }>();

function wallClock(instant: Date, zone: string) {
  const ms = instant.getTime();
  // Zones' offsets since 1970 are whole minutes, so every instant of a UTC minute shows the same wall minute.
  const minute = ms >= 0 ? Math.floor(ms / 60_000) : Number.NaN;
  const kept = lastMinute.get(zone);
  if (kept && kept.minute === minute) return { date: kept.date, minutes: kept.minutes };
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  if (!Number.isNaN(minute)) lastMinute.set(zone, { minute, date, minutes });
  return { date, minutes };
}

/** The date ('yyyy-MM-dd') and the minutes since midnight it is in a zone at an instant. */
export function nowIn(zone: string, now: Date = new Date()): { date: string; minutes: number } {
  return wallClock(now, zone);
}

/** The date ('yyyy-MM-dd') it is in a zone at an instant. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return wallClock(now, zone).date;
}

/** The first day of the previous month in the zone ('yyyy-MM-01'): the dashboard's last complete month. */
export function lastMonthIn(zone: string, now: Date = new Date()): string {
  return addMonths(monthOf(todayIn(zone, now)), -1);
}

/** The zone's offset from UTC in minutes at an instant (780 for New Zealand daylight time). */
export function offsetMinutes(zone: string, instant: Date): number {
  const ms = instant.getTime();
  if (!(ms >= TABLE_FROM_MS)) return formattedOffset(zone, instant);
  const changes = yearOffsets(zone, instant.getUTCFullYear());
  let i = changes.length - 1;
  while (i > 0 && (changes[i] as OffsetFrom).fromMs > ms) i--;
  return (changes[i] as OffsetFrom).offset;
}

/** From `fromMs` on (UTC ms), the zone is `offset` minutes from UTC. */
export interface OffsetFrom {
  fromMs: number;
  offset: number;
}
const TABLE_FROM_MS = Date.UTC(1980, 0, 1);
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const offsetYears = new Map<string, OffsetFrom[]>();

/**
 * A zone's offsets through a UTC year, kept per zone and year (docs/decisions/performance.md, A zone's offsets
 * by year): the offset at the year's start, then each change at the minute it takes effect. Found by asking the
 * offset at every UTC midnight and narrowing each change to its minute, about 380 formatted instants a zone and
 * year once, against one a call before. Instants before 1980 are formatted each time: some zones' old offsets
 * were not whole minutes.
 */
export function yearOffsets(zone: string, year: number): readonly OffsetFrom[] {
  const key = `${zone}|${year}`;
  let changes = offsetYears.get(key);
  if (changes) return changes;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  changes = [{ fromMs: start, offset: formattedOffset(zone, new Date(start)) }];
  let previous = changes[0]?.offset;
  for (let day = start + DAY_MS; day < end + DAY_MS; day += DAY_MS) {
    const at = Math.min(day, end - MINUTE_MS);
    const offset = formattedOffset(zone, new Date(at));
    if (offset === previous) continue;
    // The change lies after the last midnight: narrow it to the minute from which the new offset holds.
    let [lo, hi] = [day - DAY_MS, at];
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (formattedOffset(zone, new Date(mid)) === previous) lo = mid;
      else hi = mid;
    }
    changes.push({ fromMs: hi, offset });
    previous = offset;
  }
  if (offsetYears.size > 2_000) offsetYears.clear();
  offsetYears.set(key, changes);
  return changes;
}

function formattedOffset(zone: string, instant: Date): number {
  const { date, minutes } = wallClock(instant, zone);
  const local = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const utcMinutes = Math.floor(instant.getTime() / 60_000);
  return local / 60_000 + minutes - utcMinutes;
}

/** The zone's standard (winter) offset in a year: the smaller of its January and July offsets. */
export function standardOffsetMinutes(zone: string, year: number): number {
  return Math.min(
    offsetMinutes(zone, new Date(Date.UTC(year, 0, 1))),
    offsetMinutes(zone, new Date(Date.UTC(year, 6, 1))),
  );
}

/**
 * Where a reading that starts at an instant is stored: the standard-time date and the half-hour slot 0-47
 * (0 is 00:00-00:30 standard time).
 */
export function standardTimeSlot(instant: Date, zone: string): { date: string; slot: number } {
  const offset = standardOffsetMinutes(zone, instant.getUTCFullYear());
  const shifted = new Date(instant.getTime() + offset * 60_000);
  const date = shifted.toISOString().slice(0, 10);
  const slot = Math.floor((shifted.getUTCHours() * 60 + shifted.getUTCMinutes()) / 30);
  return { date, slot };
}

/**
 * The UTC instants (ms) at which the zone's wall clock reads a date and a time of day in minutes: one as a rule,
 * none in the hour skipped when daylight time starts, two (earlier first) in the hour repeated when it ends.
 */
export function instantsOfLocalTime(zone: string, date: string, minutes: number): number[] {
  const wall =
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) +
    minutes * 60_000;
  const offsets = new Set(
    [-86_400_000, 0, 86_400_000].map((shift) => offsetMinutes(zone, new Date(wall + shift))),
  );
  return [...offsets]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => wall - offsetMinutes(zone, new Date(instant)) * 60_000 === instant)
    .sort((a, b) => a - b);
}

const localDays = new Map<string, { startMs: number; endMs: number }>();

/**
 * A date on the zone's wall clock as UTC instants: from its local midnight to the next (23 hours on the day
 * daylight time starts, 25 on the day it ends, 24 otherwise). Where midnight itself is skipped, the day starts
 * when the clock resumes.
 */
export function localDayBounds(zone: string, date: string): { startMs: number; endMs: number } {
  const key = `${zone}|${date}`;
  let bounds = localDays.get(key);
  if (!bounds) {
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    bounds = { startMs: localMidnight(zone, date), endMs: localMidnight(zone, next) };
    if (localDays.size > 20_000) localDays.clear();
    localDays.set(key, bounds);
  }
  return bounds;
}

function localMidnight(zone: string, date: string): number {
  const [first] = instantsOfLocalTime(zone, date, 0);
  if (first !== undefined) return first;
  // Midnight skipped: the clock jumped forward from 00:00 under the offset in force the day before.
  const wall = Date.parse(`${date}T00:00:00Z`);
  return wall - offsetMinutes(zone, new Date(wall - 86_400_000)) * 60_000;
}
