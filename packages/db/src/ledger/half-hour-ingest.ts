import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { COPY_HEADER, COPY_TRAILER, CopyRows, type HalfHourDay } from './half-hour-copy';
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

export type { HalfHourDay };

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
function check(r: HalfHourReading): string | null {
  if (!Number.isInteger(r.hh) || r.hh < 0 || r.hh > 47) return 'hh must be a whole number from 0 to 47';
  if (!DATE.test(r.date)) return 'date must be yyyy-MM-dd';
  if (!Number.isFinite(r.kwh)) return 'kwh must be a number';
  if (r.kw != null && !Number.isFinite(r.kw)) return 'kw must be a number';
  if (r.pf != null && (!Number.isFinite(r.pf) || r.pf < -1 || r.pf > 1)) return 'pf must be between -1 and 1';
  return null;
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
  'copy half_hour_stage (meter_id, register, read_date, kwh, kw, pf, quality, day_kwh, readings, estimated, parts) from stdin (format binary)';

/**
 * Streams days into the staging table with COPY. A day may be staged more than once (a file that comes back to
 * a day, or a batch boundary inside one): the merge takes, half hour by half hour, the last value staged.
 */
export async function stageDays(
  client: pg.ClientBase,
  days: Iterable<HalfHourDay> | AsyncIterable<HalfHourDay>,
): Promise<number> {
  let count = 0;
  async function* rows() {
    yield COPY_HEADER;
    const out = new CopyRows();
    for await (const d of days) {
      count += 1;
      out.stage(d);
      if (out.bytes >= 256 * 1024) yield out.take();
    }
    if (out.bytes) yield out.take();
    yield COPY_TRAILER;
  }
  await pipeline(Readable.from(rows()), client.query(copyFrom(STAGE_COPY)));
  return count;
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
