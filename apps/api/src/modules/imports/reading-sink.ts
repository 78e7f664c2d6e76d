import { type HalfHourDay, stageDays } from '@verdant/db/ledger/half-hour-ingest';
import { type FoldedDay, HalfHourFolder } from '@verdant/domain/imports/fold';
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
/** Completed days staged at a time (COPY into the load's staging table). */
export const STAGE_BATCH = 2000;
const LENGTHS = new Set([5, 15, 30]);

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
 * the organisation's standard-time half-hour clock by the import fold (fold.ts: 5 and 15-minute intervals summed
 * into their half hour, a half hour given only in part kept and marked estimated, a minute given twice refused).
 * Days are staged as the fold completes them, in batches, so a file read in time order holds only a day or two
 * per channel in memory.
 */
export class ReadingSink {
  readings = 0;
  private readonly folder: HalfHourFolder;
  private readonly channels = new Map<string, { meterId: number; register: number }>();
  private readonly offsets = new Map<number, number>();
  private readonly meterIds = new Set<number>();
  private pending: HalfHourDay[] = [];

  constructor(private readonly o: ReadingSinkOptions) {
    this.folder = new HalfHourFolder(o.zone);
  }

  private refuse(line: number, reason: string): false {
    this.o.refusals.add({ line, reason });
    return false;
  }

  /** The standard-time date a reading starts on (for the data source's open and close dates). */
  private dateOf(utcMs: number) {
    const year = new Date(utcMs).getUTCFullYear();
    let offset = this.offsets.get(year);
    if (offset === undefined) {
      offset = standardOffsetMinutes(this.o.zone, year);
      this.offsets.set(year, offset);
    }
    const shifted = utcMs + offset * MINUTE;
    return new Date(shifted - (((shifted % DAY) + DAY) % DAY)).toISOString().slice(0, 10);
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
    const date = this.dateOf(r.startUtcMs);
    if ((meter.meterOpen && date < meter.meterOpen) || (meter.meterClose && date > meter.meterClose))
      return fill(IMPORT_MSG.meterClosed, { name, date });
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
    const key = `${meter.id}|${register}`;
    if (!this.channels.has(key)) this.channels.set(key, { meterId: meter.id, register });
    const done = this.folder.add(key, {
      startUtcMs: r.startUtcMs,
      minutes: r.minutes,
      value,
      quality: r.quality,
    });
    if (typeof done === 'string') return this.refuse(r.line, done.charAt(0).toUpperCase() + done.slice(1));
    for (const day of done) this.pending.push(this.toDay(day));
    this.meterIds.add(meter.id);
    this.readings += 1;
    return true;
  }

  private toDay(day: FoldedDay): HalfHourDay {
    const channel = this.channels.get(day.key) as { meterId: number; register: number };
    return { ...channel, date: day.date, kwh: day.values, quality: day.quality };
  }

  /** Whether enough completed days wait that they should be staged now. */
  get full() {
    return this.pending.length >= STAGE_BATCH;
  }

  /** Stages the completed days (and at the end, `all`, the days the file left incomplete). */
  async flush(all = false): Promise<void> {
    const out = this.pending;
    this.pending = [];
    if (all) for (const day of this.folder.flush()) out.push(this.toDay(day));
    if (out.length > 0) await stageDays(this.o.client, out);
  }

  get touchedMeters() {
    return [...this.meterIds].sort((a, b) => a - b);
  }
}
