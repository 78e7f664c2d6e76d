import { localDayBounds, offsetMinutes } from '../time-zone';
import { standardOffsetMs } from './fold';

/** The standard-time half-hour clock (fold.ts) shown on the HH page in local time. */

const HALF_HOUR_MS = 1_800_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The instant (UTC ms) a standard-clock half hour starts. */
export function halfHourStartUtc(date: string, hh: number, zone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + hh * HALF_HOUR_MS;
  return wall - standardOffsetMs(zone, wall);
}

/**
 * Where a standard-clock half hour falls on the zone's wall clock: the local date and time it starts, and
 * whether daylight time is in force then. On the day daylight time ends the local times 02:00-03:00 appear
 * twice (first daylight, then standard); on the day it starts, 02:00-03:00 never appear.
 */
export function localTimeOfHalfHour(
  date: string,
  hh: number,
  zone: string,
): { date: string; time: string; daylight: boolean } {
  const start = halfHourStartUtc(date, hh, zone);
  const offset = offsetMinutes(zone, new Date(start)) * MINUTE_MS;
  const local = new Date(start + offset).toISOString();
  return {
    date: local.slice(0, 10),
    time: local.slice(11, 16),
    daylight: offset !== standardOffsetMs(zone, start),
  };
}

export interface ClockChange {
  /** The local date the clocks change on. */
  date: string;
  change: 'daylight-time-starts' | 'daylight-time-ends';
  /** Half hours in that local day: 46 when an hour is skipped, 50 when one is repeated. */
  localHalfHours: number;
}

/** The days in a year a zone changes its clocks (none for a zone without daylight time). */
export function clockChanges(zone: string, year: number): ClockChange[] {
  const changes: ClockChange[] = [];
  let previous = offsetMinutes(zone, new Date(Date.UTC(year, 0, 1)));
  for (let day = Date.UTC(year, 0, 2); day <= Date.UTC(year + 1, 0, 1); day += DAY_MS) {
    const offset = offsetMinutes(zone, new Date(day));
    if (offset === previous) continue;
    // The change lies in the 24 hours before `day`: find its minute.
    let [lo, hi] = [day - DAY_MS, day];
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutes(zone, new Date(mid)) === previous) lo = mid;
      else hi = mid;
    }
    const date = new Date(lo + previous * MINUTE_MS).toISOString().slice(0, 10);
    if (date.startsWith(String(year))) {
      const { startMs, endMs } = localDayBounds(zone, date);
      changes.push({
        date,
        change: offset > previous ? 'daylight-time-starts' : 'daylight-time-ends',
        localHalfHours: Math.round((endMs - startMs) / HALF_HOUR_MS),
      });
    }
    previous = offset;
  }
  return changes;
}
