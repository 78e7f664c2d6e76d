import { type HalfHourDay, stageDays } from '@verdant/db/ledger/half-hour-ingest';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import type { LocalClock } from '@verdant/domain/imports/local-time';
import type { IntervalReading } from '@verdant/domain/imports/types';
import { fill } from '@verdant/domain/messages';
import { standardOffsetMinutes } from '@verdant/domain/time-zone';
import type pg from 'pg';
import type { ImportMeter, MeterIndex } from './meter-index';
import { takesIntervals } from './meter-index';
import type { Refusals } from './refusals';
import type { Registers } from './registers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Days held open before the least recently touched half are staged: a few MB, whatever the file's size. */
export const OPEN_DAYS = 8192;
const QUALITY = ' AESFV';
const LENGTHS = new Set([5, 15, 30]);

interface OpenDay {
  meterId: number;
  register: number;
  date: string;
  values: Float64Array;
  /** Minutes of each half hour the file gave (30 when whole). */
  covered: Uint8Array;
  /** Index into QUALITY: a flag other than A outranks A within a half hour. */
  quality: Uint8Array;
  touched: number;
}

export interface ReadingSinkOptions {
  client: pg.ClientBase;
  zone: string;
  clock: LocalClock;
  now: number;
  meters: MeterIndex;
  registers: Registers;
  refusals: Refusals;
  /** Values in the data source's own unit (a CSV mapping's choice): converted to kWh by the meter's unit. */
  inMeterUnit: boolean;
}

/**
 * Where the load's interval readings go: each is matched to a data source and register, checked, and folded onto
 * the organisation's standard-time half-hour clock (5 and 15-minute intervals summed into their half hour),
 * day by day; days are staged in batches (COPY into the load's staging table), so memory stays flat however
 * large the file. A half hour that only part of is given stays missing rather than understated.
 */
export class ReadingSink {
  readings = 0;
  private readonly days = new Map<string, OpenDay>();
  private readonly offsets = new Map<number, number>();
  private readonly dates = new Map<number, string>();
  private readonly meterIds = new Set<number>();
  private touch = 0;
  private staged = 0;

  constructor(private readonly o: ReadingSinkOptions) {}

  private refuse(line: number, reason: string): false {
    this.o.refusals.add({ line, reason });
    return false;
  }

  private standardOffset(utcMs: number) {
    const year = new Date(utcMs).getUTCFullYear();
    let offset = this.offsets.get(year);
    if (offset === undefined) {
      offset = standardOffsetMinutes(this.o.zone, year);
      this.offsets.set(year, offset);
    }
    return offset;
  }

  private dateOf(dayNumber: number) {
    let date = this.dates.get(dayNumber);
    if (date === undefined) {
      date = new Date(dayNumber * DAY).toISOString().slice(0, 10);
      this.dates.set(dayNumber, date);
    }
    return date;
  }

  private localTime(utcMs: number) {
    return new Date(utcMs + this.o.clock.offsetAt(utcMs) * MINUTE)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
  }

  private check(r: IntervalReading, meter: ImportMeter, value: number): string | null {
    const name = meter.localName;
    if (!takesIntervals(meter)) return fill(IMPORT_MSG.meterNoIntervals, { name });
    if (!LENGTHS.has(r.minutes)) return fill(IMPORT_MSG.intervalLength, { minutes: r.minutes, name });
    if (r.direction === 'export' && !meter.hasExport) return fill(IMPORT_MSG.exportWithout, { name });
    if (value < 0 && r.direction === 'import')
      return fill(meter.hasExport ? IMPORT_MSG.valueNegativeImport : IMPORT_MSG.valueNegative, {
        value,
        name,
      });
    if (value < 0) return fill(IMPORT_MSG.valueNotNumber, { value });
    if (r.startUtcMs + r.minutes * MINUTE > this.o.now)
      return fill(IMPORT_MSG.future, { time: this.localTime(r.startUtcMs) });
    return null;
  }

  /** Takes one reading (true), or refuses it with its line and reason (false). */
  add(r: IntervalReading): boolean {
    const meter = this.o.meters.resolve(r.meterKey);
    if (typeof meter === 'string') return this.refuse(r.line, meter);
    const value = this.o.inMeterUnit ? r.value * meter.conversion : r.value;
    const problem = this.check(r, meter, value);
    if (problem) return this.refuse(r.line, problem);
    const register = this.o.registers.resolve(meter, r.register, r.direction, r.quantity);
    if (typeof register === 'string') return this.refuse(r.line, register);

    const shifted = r.startUtcMs + this.standardOffset(r.startUtcMs) * MINUTE;
    const dayNumber = Math.floor(shifted / DAY);
    const minuteOfDay = (shifted - dayNumber * DAY) / MINUTE;
    const slot = Math.floor(minuteOfDay / 30);
    const offset = minuteOfDay - slot * 30;
    if (offset + r.minutes > 30 || !Number.isInteger(offset))
      return this.refuse(
        r.line,
        fill(IMPORT_MSG.intervalAligned, { minutes: r.minutes, time: this.localTime(r.startUtcMs) }),
      );
    const date = this.dateOf(dayNumber);
    if ((meter.meterOpen && date < meter.meterOpen) || (meter.meterClose && date > meter.meterClose))
      return this.refuse(r.line, fill(IMPORT_MSG.meterClosed, { name: meter.localName, date }));

    const key = `${meter.id}|${register}|${dayNumber}`;
    let day = this.days.get(key);
    if (!day) {
      day = {
        meterId: meter.id,
        register,
        date,
        values: new Float64Array(48),
        covered: new Uint8Array(48),
        quality: new Uint8Array(48),
        touched: 0,
      };
      this.days.set(key, day);
    }
    day.touched = ++this.touch;
    const code = QUALITY.indexOf(r.quality);
    if (r.minutes === 30 || day.covered[slot] === 30) {
      // A whole half hour, or a file that gives a half hour again: the later values win.
      day.values[slot] = value;
      day.covered[slot] = r.minutes;
      day.quality[slot] = code;
    } else {
      day.values[slot] = (day.values[slot] ?? 0) + value;
      day.covered[slot] = (day.covered[slot] ?? 0) + r.minutes;
      if (code > 1 || (day.quality[slot] ?? 0) === 0) day.quality[slot] = code;
    }
    this.meterIds.add(meter.id);
    this.readings += 1;
    return true;
  }

  /** Whether enough days are open that the oldest should be staged now. */
  get full() {
    return this.days.size > OPEN_DAYS;
  }

  /** Stages the least recently touched half of the open days (or all of them at the end). */
  async flush(all = false): Promise<void> {
    let out = [...this.days.entries()];
    if (!all) out = out.sort((a, b) => a[1].touched - b[1].touched).slice(0, Math.floor(out.length / 2));
    if (out.length === 0) return;
    for (const [key] of out) this.days.delete(key);
    this.staged += await stageDays(
      this.o.client,
      out.map(([, d]) => toHalfHourDay(d)),
    );
  }

  get touchedMeters() {
    return [...this.meterIds].sort((a, b) => a - b);
  }
}

function toHalfHourDay(d: OpenDay): HalfHourDay {
  const kwh: (number | null)[] = Array(48);
  let quality = '';
  for (let i = 0; i < 48; i++) {
    const whole = d.covered[i] === 30;
    kwh[i] = whole ? (d.values[i] ?? null) : null;
    quality += whole ? QUALITY[d.quality[i] ?? 1] : ' ';
  }
  return { meterId: d.meterId, register: d.register, date: d.date, kwh, quality };
}
