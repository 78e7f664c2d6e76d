import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ensureRegisters, mergeStage } from './half-hour-merge';

export { ensureRegisters, mergeStage };

export interface HalfHourReading {
  meterId: number;
  /** 0 or absent when the register is unspecified. */
  register?: number;
  date: string;
  /** 0 is 00:00-00:30, 47 is 23:30-24:00. */
  hh: number;
  kwh: number;
  kw?: number | null;
  pf?: number | null;
  /**
   * A actual (the default), D derived (a share of a longer reading), E estimated, S substituted, F final
   * substituted, V variable.
   */
  quality?: HalfHourQuality;
}

export type HalfHourQuality = 'A' | 'D' | 'E' | 'S' | 'F' | 'V';

/** One meter's register on one standard-time day: 48 half hours, null where a half hour is missing. */
export interface HalfHourDay {
  meterId: number;
  register: number;
  date: string;
  kwh: readonly (number | null)[];
  kw?: readonly (number | null)[] | null;
  pf?: readonly (number | null)[] | null;
  /**
   * One character per half hour (A, D, E, S, F or V; a space where the half hour is missing); null or absent
   * when every present half hour is actual.
   */
  quality?: string | null;
  /**
   * The half hours a file gave only part of: { "<half hour>": [minutes given as a 30-bit mask, their quality] }
   * (imports' parts of a half hour, already merged with what is stored); absent or null when none is partial.
   */
  parts?: Record<string, [number, string]> | null;
}

export interface RefusedReading {
  index: number;
  reason: string;
}

export interface IngestResult {
  days: number;
  readings: number;
  meterIds: number[];
  refused: RefusedReading[];
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const QUALITY = /^[ADESFV ]{48}$/;
/** The flags that make a half hour an estimate (D, derived, is the meter's own total shared out). */
const ESTIMATED = new Set(['E', 'S', 'F', 'V']);
/** A day stores its quality only when some half hour is not actual (as the merge's `storedQuality`). */
const FLAGGED = /[DESFV]/;

function check(r: HalfHourReading): string | null {
  if (!Number.isInteger(r.hh) || r.hh < 0 || r.hh > 47) return 'hh must be a whole number from 0 to 47';
  if (!DATE.test(r.date)) return 'date must be yyyy-MM-dd';
  if (!Number.isFinite(r.kwh)) return 'kwh must be a number';
  if (r.kw != null && !Number.isFinite(r.kw)) return 'kw must be a number';
  if (r.pf != null && (!Number.isFinite(r.pf) || r.pf < -1 || r.pf > 1)) return 'pf must be between -1 and 1';
  return null;
}

/** A day's 48 half hours as a COPY array literal (built in one pass: it runs once per day of every load). */
const NULL_DAY = `{${Array(48).fill('NULL').join(',')}}`;
function arrayLiteral(values: readonly (number | null)[] | null | undefined): string {
  if (!values) return NULL_DAY;
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out += (i === 0 ? '' : ',') + (v === null || v === undefined ? 'NULL' : String(v));
  }
  return `${out}}`;
}

/** The day's quality as staged: always 48 characters, 'A' for a present half hour the day left unflagged. */
function stagedQuality(day: HalfHourDay): string {
  if (day.quality != null) {
    if (!QUALITY.test(day.quality)) throw new Error(`quality must be 48 of A, D, E, S, F, V or space`);
    return day.quality;
  }
  let q = '';
  for (let i = 0; i < 48; i++) q += day.kwh[i] == null ? ' ' : 'A';
  return q;
}

/**
 * The staging table of a load, on the caller's connection (a temporary table, so it is the session's own and
 * vanishes with it). Days are staged in batches with `stageDays` and merged once with `mergeStage`; the caller
 * holds one transaction around all of it, so a load lands whole or not at all.
 */
export async function createStage(client: pg.ClientBase): Promise<void> {
  await client.query(`create temp table if not exists half_hour_stage
    (seq bigserial, meter_id int, register smallint, read_date date, kwh real[], kw real[], pf real[], quality text,
     day_kwh float8, readings smallint, estimated smallint, parts jsonb)`);
  await client.query('truncate half_hour_stage');
}

export const STAGE_COPY =
  'copy half_hour_stage (meter_id, register, read_date, kwh, kw, pf, quality, day_kwh, readings, estimated, parts) from stdin';

/** A day's quality as staged, its total, its half hours present and those not actual. */
function dayFigures(d: HalfHourDay) {
  const quality = stagedQuality(d);
  let total = 0;
  let present = 0;
  let estimated = 0;
  for (let i = 0; i < 48; i++) {
    const v = d.kwh[i];
    if (v === null || v === undefined) continue;
    total += v;
    present += 1;
    if (ESTIMATED.has(quality[i] as string)) estimated += 1;
  }
  return { quality, total, present, estimated, flagged: FLAGGED.test(quality) };
}

/** A day as a line of the staging COPY. */
export function stageLine(d: HalfHourDay): string {
  const { quality, total, present, estimated } = dayFigures(d);
  const parts = d.parts ? JSON.stringify(d.parts) : '\\N';
  return `${d.meterId}\t${d.register}\t${d.date}\t${arrayLiteral(d.kwh)}\t${arrayLiteral(d.kw)}\t${arrayLiteral(d.pf)}\t${quality}\t${total}\t${present}\t${estimated}\t${parts}\n`;
}

/**
 * A new day as a line of the COPY into `half_hour_days` (half-hour-direct.ts): the row the merge would insert,
 * its quality null when every present half hour is actual (the merge's `storedQuality`).
 */
export function dayLine(organisationId: number, d: HalfHourDay): string {
  const { quality, total, present, estimated, flagged } = dayFigures(d);
  return `${organisationId}\t${d.meterId}\t${d.register}\t${d.date}\t${arrayLiteral(d.kwh)}\t${arrayLiteral(d.kw)}\t${arrayLiteral(d.pf)}\t${total}\t${present}\t${flagged ? quality : '\\N'}\t${estimated}\n`;
}

/**
 * Streams days into the staging table with COPY. A day may be staged more than once (a file that comes back to
 * a day, or a batch boundary inside one): the merge takes, half hour by half hour, the last value staged.
 */
export async function stageDays(
  client: pg.ClientBase,
  days: Iterable<HalfHourDay> | AsyncIterable<HalfHourDay>,
): Promise<number> {
  let count = 0;
  async function* lines() {
    let chunk = '';
    for await (const d of days) {
      count += 1;
      chunk += stageLine(d);
      if (chunk.length >= 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(lines()), client.query(copyFrom(STAGE_COPY)));
  return count;
}

/** One COPY into the staging table held open while a file is read, so PostgreSQL takes days as they come. */
export interface StageWriter {
  /** Sends days (waits only when PostgreSQL is behind). */
  write(days: readonly HalfHourDay[]): Promise<void>;
  /** Ends the COPY; answers the days staged. The connection takes other statements again after this. */
  end(): Promise<number>;
}

/**
 * Opens a COPY into the staging table for the length of a read: while it is open the connection takes no other
 * statement, so the caller ends it (also when the read fails) before merging or rolling back.
 */
export function openStageWriter(client: pg.ClientBase): StageWriter {
  const stream = client.query(copyFrom(STAGE_COPY));
  let failure: Error | null = null;
  stream.on('error', (error: Error) => {
    failure = error;
  });
  let count = 0;
  let ended: Promise<number> | null = null;
  return {
    async write(days) {
      if (failure) throw failure;
      let chunk = '';
      for (const d of days) chunk += stageLine(d);
      count += days.length;
      if (!stream.write(chunk))
        await new Promise<void>((resolve) => {
          const go = () => {
            stream.off('drain', go);
            stream.off('error', go);
            resolve();
          };
          stream.on('drain', go);
          stream.on('error', go);
        });
      if (failure) throw failure;
    },
    end() {
      ended ??= (async () => {
        if (!failure) {
          stream.end();
          await finished(stream);
        }
        if (failure) throw failure;
        return count;
      })();
      return ended;
    },
  };
}

/**
 * Loads half-hour readings on the caller's connection and transaction: they are grouped into one row per
 * meter, register and day, streamed with COPY into the staging table, and merged into `half_hour_days`. All or
 * nothing: when any reading is refused, nothing is written and the refused readings are named. The caller
 * recomputes the facts of `meterIds` in the same transaction.
 */
export async function ingestHalfHourReadings(
  client: pg.ClientBase,
  organisationId: number,
  readings: readonly HalfHourReading[],
): Promise<IngestResult> {
  const refused: RefusedReading[] = [];
  readings.forEach((r, index) => {
    const reason = check(r);
    if (reason) refused.push({ index, reason });
  });
  const meterIds = [...new Set(readings.map((r) => r.meterId))];
  const owned = await client.query<{ id: number }>(
    'select id from meters where organisation_id = $1 and id = any($2::int[]) and deleted_at is null',
    [organisationId, meterIds],
  );
  const ownedIds = new Set(owned.rows.map((r) => r.id));
  readings.forEach((r, index) => {
    if (!ownedIds.has(r.meterId))
      refused.push({ index, reason: `meter ${r.meterId} is not a data source of this organisation` });
  });
  if (refused.length > 0)
    return { days: 0, readings: 0, meterIds: [], refused: refused.sort((a, b) => a.index - b.index) };

  type Day = HalfHourDay & {
    kwh: (number | null)[];
    kw: (number | null)[];
    pf: (number | null)[];
    q: string[];
  };
  const days = new Map<string, Day>();
  for (const r of readings) {
    const register = r.register ?? 0;
    const key = `${r.meterId}|${register}|${r.date}`;
    let day = days.get(key);
    if (!day) {
      day = {
        meterId: r.meterId,
        register,
        date: r.date,
        kwh: Array(48).fill(null),
        kw: Array(48).fill(null),
        pf: Array(48).fill(null),
        q: Array(48).fill(' '),
      };
      days.set(key, day);
    }
    day.kwh[r.hh] = r.kwh;
    day.kw[r.hh] = r.kw ?? null;
    day.pf[r.hh] = r.pf ?? null;
    day.q[r.hh] = r.quality ?? 'A';
  }
  await createStage(client);
  await stageDays(
    client,
    [...days.values()].map((d) => ({ ...d, quality: d.q.join('') })),
  );
  await ensureRegisters(client, organisationId);
  const merged = await mergeStage(client, organisationId);
  return { days: merged.days, readings: readings.length, meterIds, refused: [] };
}
