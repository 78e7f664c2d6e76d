import { localDayBounds, offsetMinutes, yearOffsets } from '../time-zone';
import { standardOffsetMs } from './fold';

/** The standard-time half-hour clock (fold.ts) shown on the HH page in local time. */

const HALF_HOUR_MS = 1_800_000;
const MINUTE_MS = 60_000;

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
  const offsets = yearOffsets(zone, year);
  for (const [i, { fromMs, offset }] of offsets.entries()) {
    const previous = offsets[i - 1]?.offset;
    if (previous === undefined) continue;
    // The local date of the last minute before the change.
    const date = new Date(fromMs - MINUTE_MS + previous * MINUTE_MS).toISOString().slice(0, 10);
    if (!date.startsWith(String(year))) continue;
    const { startMs, endMs } = localDayBounds(zone, date);
    changes.push({
      date,
      change: offset > previous ? 'daylight-time-starts' : 'daylight-time-ends',
      localHalfHours: Math.round((endMs - startMs) / HALF_HOUR_MS),
    });
  }
  return changes;
}
