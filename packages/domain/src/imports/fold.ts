import { localDayBounds, offsetMinutes, standardOffsetMinutes } from '../time-zone';
import type { IntervalReading, ReadingQuality } from './types';

/**
 * The standard-time half-hour clock (issue 15, point 5). Half hours are stored on the organisation's zone's
 * standard time all year (New Zealand: UTC+12, never UTC+13), so every day has exactly 48 of them: slot 0 is
 * 00:00-00:30 standard time. A reading is placed by its UTC instant, so a 46- or 50-period EIEP3 day (local
 * trading periods) and a 48-interval NEM12 day (AEST) or Green Button day (UTC) land on the same clock without
 * loss or double counting.
 *
 * Folding: a reading adds to every half hour it overlaps in proportion to the time it covers there. 5- and
 * 15-minute readings sum into their half hour; a 60-minute reading splits evenly over its two; a reading that
 * straddles half hours (a zone whose standard offset is not whole half hours) is shared by time. A half hour
 * takes the worst quality among its parts (A, then F, S, E, V). A half hour some of whose 30 minutes no reading
 * covers is incomplete: it keeps the sum of the parts it has, is marked estimated (E) at best so the ledger
 * counts it as an estimate, and is named in `partial`. Two readings covering the same minute of the same channel
 * are refused rather than added twice.
 */

export const HALF_HOURS = 48;
const HALF_HOUR_MS = 1_800_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const FULL = 2 ** 30 - 1;

const RANK: Record<ReadingQuality, number> = { A: 0, F: 1, S: 2, E: 3, V: 4 };

/** The worse of two qualities: A actual, then F final substituted, S substituted, E estimated, V variable. */
export const worseQuality = (a: ReadingQuality, b: ReadingQuality): ReadingQuality =>
  RANK[a] >= RANK[b] ? a : b;

const standardOffsets = new Map<string, number>();
/** The zone's standard offset in ms for the year of an instant (as time-zone.ts's standardTimeSlot has it). */
function standardOffsetMs(zone: string, utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const key = `${zone}|${year}`;
  let offset = standardOffsets.get(key);
  if (offset === undefined) {
    offset = standardOffsetMinutes(zone, year) * MINUTE_MS;
    standardOffsets.set(key, offset);
  }
  return offset;
}

/** A reading's share of one standard-clock half hour. */
export interface HalfHourPart {
  date: string;
  hh: number;
  value: number;
  /** Whole minutes of the half hour covered (bits 0-29 of a mask). */
  mask: number;
}

/**
 * The standard-clock half hours a reading covers and its value's share of each, in proportion to time. The
 * reading must start on a whole minute and last whole minutes.
 */
export function halfHourParts(
  reading: Pick<IntervalReading, 'startUtcMs' | 'minutes' | 'value'>,
  zone: string,
): HalfHourPart[] {
  const { startUtcMs, minutes, value } = reading;
  const parts: HalfHourPart[] = [];
  const end = startUtcMs + minutes * MINUTE_MS;
  let at = startUtcMs;
  while (at < end) {
    const local = at + standardOffsetMs(zone, at);
    const slotStart = local - (((local % HALF_HOUR_MS) + HALF_HOUR_MS) % HALF_HOUR_MS);
    const upTo = Math.min(end, at + (slotStart + HALF_HOUR_MS - local));
    const from = (local - slotStart) / MINUTE_MS;
    const to = from + (upTo - at) / MINUTE_MS;
    const dayStart = slotStart - (((slotStart % DAY_MS) + DAY_MS) % DAY_MS);
    parts.push({
      date: new Date(dayStart).toISOString().slice(0, 10),
      hh: (slotStart - dayStart) / HALF_HOUR_MS,
      value: (value * (upTo - at)) / (end - startUtcMs),
      mask: 2 ** to - 1 - (2 ** from - 1),
    });
    at = upTo;
  }
  return parts;
}

/** One channel's standard-clock day, folded. */
export interface FoldedDay {
  /** The caller's channel key (meter, register, direction, quantity). */
  key: string;
  /** yyyy-MM-dd on the standard clock. */
  date: string;
  /** 48 values, null where no reading covers the half hour. */
  values: (number | null)[];
  /** 48 quality flags, a space where the half hour has no value. */
  quality: string;
  /** Half hours with a value. */
  readings: number;
  /** Half hours with a value that lack part of their 30 minutes (marked E at best). */
  partial: number[];
}

interface OpenDay {
  key: string;
  date: string;
  sums: Float64Array;
  masks: Int32Array;
  quality: string[];
  full: number;
}

/**
 * Folds a channel's readings, in any order, into standard-clock days. `add` answers the days it completed
 * (all 48 half hours whole), so a file read in time order holds only a day or two per channel; `flush` answers
 * the rest once the file is read.
 */
export class HalfHourFolder {
  private readonly open = new Map<string, OpenDay>();

  constructor(private readonly zone: string) {}

  /**
   * Adds a reading to a channel. Answers the days it completed, or a reason when the reading cannot be folded
   * (not whole minutes, or a minute another reading of the channel already covers); a refused reading adds
   * nothing.
   */
  add(
    key: string,
    reading: Pick<IntervalReading, 'startUtcMs' | 'minutes' | 'value' | 'quality'>,
  ): FoldedDay[] | string {
    if (reading.startUtcMs % MINUTE_MS !== 0 || !Number.isInteger(reading.minutes) || reading.minutes <= 0)
      return 'the reading does not start and end on whole minutes';
    const parts = halfHourParts(reading, this.zone);
    const days = parts.map((p) => this.day(key, p.date));
    for (const [i, p] of parts.entries()) {
      if (((days[i] as OpenDay).masks[p.hh] as number) & p.mask)
        return 'a reading for the same meter, register and time is already in the file';
    }
    const done: FoldedDay[] = [];
    for (const [i, p] of parts.entries()) {
      const day = days[i] as OpenDay;
      day.sums[p.hh] = (day.sums[p.hh] as number) + p.value;
      day.masks[p.hh] = (day.masks[p.hh] as number) | p.mask;
      const q = day.quality[p.hh] as string;
      day.quality[p.hh] = q === ' ' ? reading.quality : worseQuality(q as ReadingQuality, reading.quality);
      if (day.masks[p.hh] === FULL) day.full += 1;
      if (day.full === HALF_HOURS) {
        this.open.delete(`${key}\u0000${day.date}`);
        done.push(finish(day));
      }
    }
    return done;
  }

  /** The days still open (with missing or partial half hours), in key and date order; the folder is emptied. */
  flush(): FoldedDay[] {
    const days = [...this.open.values()].sort((a, b) =>
      a.key === b.key ? a.date.localeCompare(b.date) : a.key.localeCompare(b.key),
    );
    this.open.clear();
    return days.map(finish);
  }

  private day(key: string, date: string): OpenDay {
    const id = `${key}\u0000${date}`;
    let day = this.open.get(id);
    if (!day) {
      day = {
        key,
        date,
        sums: new Float64Array(HALF_HOURS),
        masks: new Int32Array(HALF_HOURS),
        quality: new Array(HALF_HOURS).fill(' '),
        full: 0,
      };
      this.open.set(id, day);
    }
    return day;
  }
}

function finish(day: OpenDay): FoldedDay {
  const values: (number | null)[] = new Array(HALF_HOURS).fill(null);
  const partial: number[] = [];
  let readings = 0;
  for (let hh = 0; hh < HALF_HOURS; hh++) {
    const mask = day.masks[hh] as number;
    if (mask === 0) continue;
    readings += 1;
    values[hh] = Math.round((day.sums[hh] as number) * 1e6) / 1e6;
    if (mask !== FULL) {
      partial.push(hh);
      day.quality[hh] = worseQuality(day.quality[hh] as ReadingQuality, 'E');
    }
  }
  return { key: day.key, date: day.date, values, quality: day.quality.join(''), readings, partial };
}

// ---- For the HH page: the standard clock shown in local time ---------------------------------------------

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
