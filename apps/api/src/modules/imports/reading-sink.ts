import type { DayWriter } from '@verdant/db/ledger/half-hour-direct';
import { type HalfHourDay, stageDays } from '@verdant/db/ledger/half-hour-ingest';
import { type FoldedDay, HalfHourFolder } from '@verdant/domain/imports/fold';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import type { LocalClock } from '@verdant/domain/imports/local-time';
import { mergeParts, type StoredDayParts } from '@verdant/domain/imports/partial-merge';
import { type IntervalReading, type ReadingRun, runReadings } from '@verdant/domain/imports/types';
import { fill } from '@verdant/domain/messages';
import { standardOffsetMinutes } from '@verdant/domain/time-zone';
import type pg from 'pg';
import type { ImportMeter, MeterIndex } from './meter-index';
import { takesIntervals } from './meter-index';
import type { Refusals } from './refusals';
import type { Registers } from './registers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Completed days sent to the staging COPY at a time. */
export const STAGE_BATCH = 500;
/** Interval readings of whole minutes that divide an hour (5, 15, 30, 60...); longer ones are periods. */
const isLength = (minutes: number) => Number.isInteger(minutes) && minutes >= 1 && 60 % minutes === 0;

export interface ReadingSinkOptions {
  /** Where the load's days go: new ones straight into the day table, the others to the stage. */
  stage: Pick<DayWriter, 'write'>;
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
/** What the sink keeps of a meter once it has checked what does not change from reading to reading. */
interface MeterState {
  meter: ImportMeter;
  /** The reason every reading of the meter is refused, or null. */
  refused: string | null;
  /** Standard-time day numbers (days since 1970-01-01) of the open and close dates. */
  openDay: number;
  closeDay: number;
}

/** The channel the previous reading went to: files give a channel's readings one after another. */
interface LastChannel {
  meterKey: string;
  register: string | null;
  direction: string;
  quantity: string;
  state: MeterState;
  /** The register number, or the reason the reading is refused. */
  resolved: number | string;
  key: string;
}

const dayNumber = (date: string | null, none: number) =>
  date === null ? none : Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);

export class ReadingSink {
  readings = 0;
  private readonly folder: HalfHourFolder;
  private readonly channels = new Map<string, { meterId: number; register: number }>();
  private readonly states = new Map<string, MeterState | string>();
  private readonly meterIds = new Set<number>();
  private pending: HalfHourDay[] = [];
  /** Days the file gave only part of some half hour of: merged with what is stored before they are staged. */
  private readonly partials: FoldedDay[] = [];
  private last: LastChannel | null = null;
  /** The standard offset (ms) of the year the previous reading fell in, and that year's bounds. */
  private year = { from: 0, to: -1, offset: 0 };

  constructor(private readonly o: ReadingSinkOptions) {
    this.folder = new HalfHourFolder(o.zone);
  }

  private refuse(r: IntervalReading, reason: string): false {
    this.o.refusals.add({ line: r.line, reason: r.file ? `${r.file}: ${reason}` : reason });
    return false;
  }

  /** The standard offset in ms at an instant (the zone's standard offset for the instant's UTC year). */
  private standardOffset(utcMs: number) {
    if (utcMs < this.year.from || utcMs >= this.year.to) {
      const year = new Date(utcMs).getUTCFullYear();
      this.year = {
        from: Date.UTC(year, 0, 1),
        to: Date.UTC(year + 1, 0, 1),
        offset: standardOffsetMinutes(this.o.zone, year) * MINUTE,
      };
    }
    return this.year.offset;
  }

  private localTime(utcMs: number) {
    return new Date(utcMs + this.o.clock.offsetAt(utcMs) * MINUTE)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
  }

  /** The meter a file's key names with what the sink checks once per meter, or the reason it names none. */
  private stateOf(meterKey: string): MeterState | string {
    let state = this.states.get(meterKey);
    if (state === undefined) {
      const meter = this.o.meters.resolve(meterKey);
      state =
        typeof meter === 'string'
          ? meter
          : {
              meter,
              refused: takesIntervals(meter)
                ? null
                : fill(IMPORT_MSG.meterNoIntervals, { name: meter.localName }),
              openDay: dayNumber(meter.meterOpen, Number.NEGATIVE_INFINITY),
              closeDay: dayNumber(meter.meterClose, Number.POSITIVE_INFINITY),
            };
      this.states.set(meterKey, state);
    }
    return state;
  }

  /** The checks of one reading's own figures (its meter's standing checks are done). */
  private check(r: IntervalReading, state: MeterState, value: number, day: number): string | null {
    const { meter } = state;
    const name = meter.localName;
    if (!isLength(r.minutes)) return fill(IMPORT_MSG.intervalLength, { minutes: r.minutes, name });
    if (r.direction === 'export' && !meter.hasExport) return fill(IMPORT_MSG.exportWithout, { name });
    if (value < 0 && r.direction === 'import')
      return fill(meter.hasExport ? IMPORT_MSG.valueNegativeImport : IMPORT_MSG.valueNegative, {
        value,
        name,
      });
    if (value < 0) return fill(IMPORT_MSG.valueNotNumber, { value });
    if (r.startUtcMs + r.minutes * MINUTE > this.o.now)
      return fill(IMPORT_MSG.future, { time: this.localTime(r.startUtcMs) });
    if (day < state.openDay || day > state.closeDay)
      return fill(IMPORT_MSG.meterClosed, { name, date: new Date(day * DAY).toISOString().slice(0, 10) });
    return null;
  }

  /** The channel of a reading: the previous one when the file goes on with it (as files mostly do). */
  private channelOf(
    r: Pick<IntervalReading, 'meterKey' | 'register' | 'direction' | 'quantity'>,
  ): LastChannel | string {
    const last = this.last;
    if (
      last &&
      last.meterKey === r.meterKey &&
      last.register === r.register &&
      last.direction === r.direction &&
      last.quantity === r.quantity
    )
      return last;
    const state = this.stateOf(r.meterKey);
    if (typeof state === 'string') return state;
    if (state.refused) return state.refused;
    const resolved = this.o.registers.resolve(state.meter, r.register, r.direction, r.quantity);
    const key = `${state.meter.id}|${resolved}`;
    if (typeof resolved === 'number' && !this.channels.has(key))
      this.channels.set(key, { meterId: state.meter.id, register: resolved });
    this.last = {
      meterKey: r.meterKey,
      register: r.register,
      direction: r.direction,
      quantity: r.quantity,
      state,
      resolved,
      key,
    };
    return this.last;
  }

  /** Takes one reading (true), or refuses it with its line and reason (false). */
  add(r: IntervalReading): boolean {
    const channel = this.channelOf(r);
    if (typeof channel === 'string') return this.refuse(r, channel);
    const { state } = channel;
    const value = this.o.inMeterUnit ? r.value * state.meter.conversion : r.value;
    const day = Math.floor((r.startUtcMs + this.standardOffset(r.startUtcMs)) / DAY);
    const problem = this.check(r, state, value, day);
    if (problem) return this.refuse(r, problem);
    if (typeof channel.resolved === 'string') return this.refuse(r, channel.resolved);
    // The reading itself when its value stands (the fold reads its fields and keeps none of it): one object less
    // for each of a file's readings.
    const done = this.folder.add(
      channel.key,
      value === r.value ? r : { startUtcMs: r.startUtcMs, minutes: r.minutes, value, quality: r.quality },
    );
    if (typeof done === 'string') return this.refuse(r, done.charAt(0).toUpperCase() + done.slice(1));
    for (const folded of done) this.pending.push(this.toDay(folded));
    this.meterIds.add(state.meter.id);
    this.readings += 1;
    return true;
  }

  /**
   * Takes a run of a channel's readings (a NEM12 day) in one pass when nothing in it needs a reading's own
   * check (a negative value, the future, a day outside the meter's dates, an overlap, a value in the meter's
   * unit): otherwise reading by reading as `add`, which refuses each with its reason.
   */
  addRun(run: ReadingRun): void {
    const channel = this.channelOf(run);
    const { values } = run;
    const count = values.length;
    const lastStart = run.startUtcMs + (count - 1) * run.minutes * MINUTE;
    if (typeof channel !== 'string' && typeof channel.resolved === 'number' && !this.o.inMeterUnit) {
      const { state } = channel;
      let n = 0;
      let negative = false;
      for (let i = 0; i < count; i++) {
        const v = values[i] as number;
        if (v < 0) negative = true;
        else if (!Number.isNaN(v)) n += 1;
      }
      const firstDay = Math.floor((run.startUtcMs + this.standardOffset(run.startUtcMs)) / DAY);
      const lastDay = Math.floor((lastStart + this.standardOffset(lastStart)) / DAY);
      const fits =
        !negative &&
        isLength(run.minutes) &&
        (run.direction === 'import' || state.meter.hasExport) &&
        lastStart + run.minutes * MINUTE <= this.o.now &&
        firstDay >= state.openDay &&
        lastDay <= state.closeDay;
      const done = fits && n > 0 ? this.folder.addRun(channel.key, run) : null;
      if (done) {
        for (const folded of done) this.pending.push(this.toDay(folded));
        this.meterIds.add(state.meter.id);
        this.readings += n;
        return;
      }
    }
    for (const r of runReadings(run)) this.add(r);
  }

  private toDay(day: FoldedDay): HalfHourDay {
    const channel = this.channels.get(day.key) as { meterId: number; register: number };
    return { ...channel, date: day.date, kwh: day.values, quality: day.quality };
  }

  /** Whether enough completed days wait that they should be staged now. */
  get full() {
    return this.pending.length >= STAGE_BATCH;
  }

  /** Drops the completed days waiting (a load with a row refused writes nothing, but reads on for every reason). */
  discard() {
    this.pending = [];
  }

  /** Stages the completed days (and at the end, `all`, the days the file left incomplete). */
  async flush(all = false): Promise<void> {
    const out = this.pending;
    this.pending = [];
    if (all)
      for (const day of this.folder.flush()) {
        if (day.partial.length > 0) this.partials.push(day);
        else out.push(this.toDay(day));
      }
    if (out.length > 0) await this.o.stage.write(out);
  }

  /**
   * Stages the days with parts of half hours, each merged with what is stored for it (parts of a half hour,
   * partial-merge.ts), on the load's connection once the COPY has ended and the meters are locked.
   */
  async stageParts(client: pg.ClientBase, organisationId: number): Promise<void> {
    if (this.partials.length === 0) return;
    const keys = this.partials.map((d) => ({ ...this.toDay(d), folded: d }));
    const stored = await client.query<StoredDayParts & { meter_id: number; register: number; date: string }>(
      `select d.meter_id, d.register, d.read_date::text as date, d.kwh, d.quality, d.parts
       from half_hour_days d join unnest($2::int[], $3::int[], $4::date[]) k(m, r, day)
         on d.meter_id = k.m and d.register = k.r and d.read_date = k.day
       where d.organisation_id = $1`,
      [organisationId, keys.map((k) => k.meterId), keys.map((k) => k.register), keys.map((k) => k.date)],
    );
    const byKey = new Map(stored.rows.map((r) => [`${r.meter_id}|${r.register}|${r.date}`, r]));
    await stageDays(
      client,
      keys.map(({ folded, ...day }) => {
        const merged = mergeParts(folded, byKey.get(`${day.meterId}|${day.register}|${day.date}`));
        return { ...day, kwh: merged.values, quality: merged.quality, parts: merged.parts };
      }),
    );
  }

  get touchedMeters() {
    return [...this.meterIds].sort((a, b) => a - b);
  }
}
