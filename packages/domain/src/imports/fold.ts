import { fromDayNumber } from '../calendar';
import { localDayBounds, offsetMinutes, standardOffsetMinutes } from '../time-zone';
import type { IntervalReading, ReadingQuality } from './types';

/**
 * The standard-time half-hour clock (docs/decisions/formats.md, Readings on the organisation's standard-time
 * clock). Half hours are stored on the organisation's zone's standard time all year (New Zealand: UTC+12,
 * never UTC+13), so every day has exactly 48 of them: slot 0 is 00:00-00:30 standard time. A reading is
 * placed by its UTC instant, so a 46- or 50-period EIEP3 day (local trading periods) and a 48-interval NEM12
 * day (AEST) or Green Button day (UTC) land on the same clock without loss or double counting.
 *
 * Folding: a reading adds to every half hour it overlaps in proportion to the time it covers there. 5- and
 * 15-minute readings sum into their half hour; a 60-minute reading splits evenly over its two; a reading that
 * straddles half hours (a zone whose standard offset is not whole half hours) is shared by time. A share of a
 * reading is marked D (derived) at best: its total is the meter's, its place within the reading is not. A half
 * hour takes the worst quality among its parts (A, then D, F, S, E, V). A half hour some of whose 30 minutes no reading
 * covers is incomplete: it keeps the sum of the parts it has, is marked estimated (E) at best so the ledger
 * counts it as an estimate, and is named in `partial`. Two readings covering the same minute of the same channel
 * are refused rather than added twice.
 */

export const HALF_HOURS = 48;
const HALF_HOUR_MS = 1_800_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Every minute of a half hour given. */
export const FULL = 2 ** 30 - 1;

const RANK: Record<ReadingQuality, number> = { A: 0, D: 1, F: 2, S: 3, E: 4, V: 5 };

/**
 * The worse of two qualities: A actual, then D derived (a share of a longer reading), F final substituted, S
 * substituted, E estimated, V variable.
 */
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

const mod = (a: number, b: number) => {
  const r = a % b;
  return r < 0 ? r + b : r;
};
/** Bits from..to-1 of a half hour's 30 minutes. */
const minutesMask = (from: number, to: number) => ((1 << to) - 1) & ~((1 << from) - 1);

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
  /** Each partial half hour's minutes given (a 30-bit mask) and its parts' own quality, before the E. */
  parts: Record<number, [number, ReadingQuality]>;
}

interface OpenDay {
  key: string;
  /** Days since 1970-01-01 on the standard clock. */
  dayNumber: number;
  sums: Float64Array;
  masks: Int32Array;
  quality: string[];
  full: number;
}

/**
 * Folds a channel's readings, in any order, into standard-clock days. `add` answers the days it completed
 * (all 48 half hours whole), so a file read in time order holds only a day or two per channel (and a set of
 * the days done); `flush` answers the rest once the file is read.
 */
export class HalfHourFolder {
  private readonly open = new Map<string, OpenDay>();
  /** Days already answered whole, so a later reading for them is refused rather than starting them again. */
  private readonly completed = new Set<string>();
  /** The last day looked up: readings in time order find their day without building a key. */
  private last: OpenDay | null = null;
  /** The standard offset of the year last seen, and that year's bounds in UTC ms. */
  private offset = { from: 0, to: -1, ms: 0 };

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
    const { startUtcMs, minutes, value, quality } = reading;
    if (startUtcMs % MINUTE_MS !== 0 || !Number.isInteger(minutes) || minutes <= 0)
      return 'the reading does not start and end on whole minutes';
    const start = startUtcMs + this.offsetAt(startUtcMs);
    const end = start + minutes * MINUTE_MS;
    // First pass: refuse an overlap, with an open day or one already completed, before changing anything.
    for (let at = start; at < end; ) {
      const slot = at - mod(at, HALF_HOUR_MS);
      const upTo = Math.min(end, slot + HALF_HOUR_MS);
      const dayNumber = Math.floor(slot / DAY_MS);
      const day = this.find(key, dayNumber);
      const hh = (slot - dayNumber * DAY_MS) / HALF_HOUR_MS;
      const mask = minutesMask((at - slot) / MINUTE_MS, (upTo - slot) / MINUTE_MS);
      if (day === 'completed' || (day && (day.masks[hh] as number) & mask))
        return 'a reading for the same meter, register and time is already in the file';
      at = upTo;
    }
    const done: FoldedDay[] = [];
    for (let at = start; at < end; ) {
      const slot = at - mod(at, HALF_HOUR_MS);
      const upTo = Math.min(end, slot + HALF_HOUR_MS);
      const day = this.day(key, Math.floor(slot / DAY_MS));
      const hh = (slot - day.dayNumber * DAY_MS) / HALF_HOUR_MS;
      const whole = upTo - at === end - start;
      day.sums[hh] = (day.sums[hh] as number) + (whole ? value : (value * (upTo - at)) / (end - start));
      day.masks[hh] =
        (day.masks[hh] as number) | minutesMask((at - slot) / MINUTE_MS, (upTo - slot) / MINUTE_MS);
      const part = whole ? quality : worseQuality(quality, 'D');
      const q = day.quality[hh] as string;
      day.quality[hh] = q === ' ' ? part : worseQuality(q as ReadingQuality, part);
      if (day.masks[hh] === FULL) {
        day.full += 1;
        if (day.full === HALF_HOURS) {
          this.open.delete(`${key}\u0000${day.dayNumber}`);
          this.completed.add(`${key}\u0000${day.dayNumber}`);
          if (this.last === day) this.last = null;
          done.push(finish(day));
        }
      }
      at = upTo;
    }
    return done;
  }

  /** The days still open (with missing or partial half hours), in key and date order; the folder is emptied. */
  flush(): FoldedDay[] {
    const days = [...this.open.values()]
      .filter((d) => d.masks.some((m) => m !== 0))
      .sort((a, b) => (a.key === b.key ? a.dayNumber - b.dayNumber : a.key.localeCompare(b.key)));
    this.open.clear();
    this.completed.clear();
    this.last = null;
    return days.map(finish);
  }

  private offsetAt(utcMs: number): number {
    if (utcMs < this.offset.from || utcMs >= this.offset.to) {
      const year = new Date(utcMs).getUTCFullYear();
      this.offset = {
        from: Date.UTC(year, 0, 1),
        to: Date.UTC(year + 1, 0, 1),
        ms: standardOffsetMs(this.zone, utcMs),
      };
    }
    return this.offset.ms;
  }

  private find(key: string, dayNumber: number): OpenDay | 'completed' | null {
    const last = this.last;
    if (last && last.dayNumber === dayNumber && last.key === key) return last;
    const id = `${key}\u0000${dayNumber}`;
    return this.open.get(id) ?? (this.completed.has(id) ? 'completed' : null);
  }

  private day(key: string, dayNumber: number): OpenDay {
    const last = this.last;
    if (last && last.dayNumber === dayNumber && last.key === key) return last;
    const id = `${key}\u0000${dayNumber}`;
    let day = this.open.get(id);
    if (!day) {
      day = {
        key,
        dayNumber,
        sums: new Float64Array(HALF_HOURS),
        masks: new Int32Array(HALF_HOURS),
        quality: new Array(HALF_HOURS).fill(' '),
        full: 0,
      };
      this.open.set(id, day);
    }
    this.last = day;
    return day;
  }
}

function finish(day: OpenDay): FoldedDay {
  const values: (number | null)[] = new Array(HALF_HOURS).fill(null);
  const partial: number[] = [];
  const parts: Record<number, [number, ReadingQuality]> = {};
  let readings = 0;
  for (let hh = 0; hh < HALF_HOURS; hh++) {
    const mask = day.masks[hh] as number;
    if (mask === 0) continue;
    readings += 1;
    values[hh] = Math.round((day.sums[hh] as number) * 1e6) / 1e6;
    if (mask !== FULL) {
      partial.push(hh);
      parts[hh] = [mask, day.quality[hh] as ReadingQuality];
      day.quality[hh] = worseQuality(day.quality[hh] as ReadingQuality, 'E');
    }
  }
  return {
    key: day.key,
    date: fromDayNumber(day.dayNumber),
    values,
    quality: day.quality.join(''),
    readings,
    partial,
    parts,
  };
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
