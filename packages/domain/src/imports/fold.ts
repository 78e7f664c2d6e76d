import { fromDayNumber } from '../calendar';
import { standardOffsetMinutes } from '../time-zone';
import type { IntervalReading, ReadingQuality, ReadingRun } from './types';

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
export function standardOffsetMs(zone: string, utcMs: number): number {
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
        if (day.full === HALF_HOURS) this.complete(day, done);
      }
      at = upTo;
    }
    return done;
  }

  /**
   * Adds a run of a channel's 30 or 60-minute readings (a NEM12 day) in one pass, each reading whole in its half
   * hour or shared evenly by two (D), as `add` would one by one. Answers null, adding nothing, when the run does
   * not start on a half hour of the standard clock, has another length, or meets a half hour the channel holds
   * already: the caller then adds its readings one by one, which names the overlap.
   */
  addRun(
    key: string,
    run: Pick<ReadingRun, 'startUtcMs' | 'minutes' | 'values' | 'quality' | 'qualities'>,
  ): FoldedDay[] | null {
    const { minutes, values, quality, qualities } = run;
    const per = minutes / 30;
    if ((per !== 1 && per !== 2) || values.length === 0) return null;
    const offset = this.offsetAt(run.startUtcMs);
    const lastStart = run.startUtcMs + (values.length - 1) * minutes * MINUTE_MS;
    if (mod(run.startUtcMs + offset, HALF_HOUR_MS) !== 0 || this.offsetAt(lastStart) !== offset) return null;
    const first = run.startUtcMs + offset;
    let dayNumber = Number.NaN;
    let day: OpenDay | 'completed' | null = null;
    for (let i = 0; i < values.length; i++) {
      if (Number.isNaN(values[i])) continue;
      for (let j = 0; j < per; j++) {
        const slot = first + (i * per + j) * HALF_HOUR_MS;
        const n = Math.floor(slot / DAY_MS);
        if (n !== dayNumber) {
          dayNumber = n;
          day = this.find(key, n);
        }
        if (day === 'completed' || (day && day.masks[(slot - n * DAY_MS) / HALF_HOUR_MS] !== 0)) return null;
      }
    }
    const done: FoldedDay[] = [];
    for (let i = 0; i < values.length; i++) {
      const value = values[i] as number;
      if (Number.isNaN(value)) continue;
      const q = qualities?.[i] ?? quality;
      const part = per === 1 ? q : worseQuality(q, 'D');
      const share = per === 1 ? value : (value * HALF_HOUR_MS) / (minutes * MINUTE_MS);
      for (let j = 0; j < per; j++) {
        const slot = first + (i * per + j) * HALF_HOUR_MS;
        const open = this.day(key, Math.floor(slot / DAY_MS));
        const hh = (slot - open.dayNumber * DAY_MS) / HALF_HOUR_MS;
        open.sums[hh] = (open.sums[hh] as number) + share;
        open.masks[hh] = FULL;
        open.quality[hh] = part;
        open.full += 1;
        if (open.full === HALF_HOURS) this.complete(open, done);
      }
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

  /** A day all of whose half hours are whole: answered, and remembered so a later reading for it is refused. */
  private complete(day: OpenDay, done: FoldedDay[]) {
    const id = `${day.key}\u0000${day.dayNumber}`;
    this.open.delete(id);
    this.completed.add(id);
    if (this.last === day) this.last = null;
    done.push(finish(day));
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
