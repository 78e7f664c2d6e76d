import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

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

function check(r: HalfHourReading): string | null {
  if (!Number.isInteger(r.hh) || r.hh < 0 || r.hh > 47) return 'hh must be a whole number from 0 to 47';
  if (!DATE.test(r.date)) return 'date must be yyyy-MM-dd';
  if (!Number.isFinite(r.kwh)) return 'kwh must be a number';
  if (r.kw != null && !Number.isFinite(r.kw)) return 'kw must be a number';
  if (r.pf != null && (!Number.isFinite(r.pf) || r.pf < -1 || r.pf > 1)) return 'pf must be between -1 and 1';
  return null;
}

const NULLS: readonly null[] = Array(48).fill(null);
const arrayLiteral = (values: readonly (number | null)[] | null | undefined) =>
  `{${(values ?? NULLS).map((v) => (v === null || v === undefined ? 'NULL' : String(v))).join(',')}}`;

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

const STAGE_COPY =
  'copy half_hour_stage (meter_id, register, read_date, kwh, kw, pf, quality, day_kwh, readings, estimated, parts) from stdin';

/** A day as a line of the staging COPY, with its total, its half hours present and those not actual. */
function stageLine(d: HalfHourDay): string {
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
  const parts = d.parts ? JSON.stringify(d.parts) : '\\N';
  return `${d.meterId}\t${d.register}\t${d.date}\t${arrayLiteral(d.kwh)}\t${arrayLiteral(d.kw)}\t${arrayLiteral(d.pf)}\t${quality}\t${total}\t${present}\t${estimated}\t${parts}\n`;
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
 * Merges the staged days into `half_hour_days` for the organisation: a new value wins half hour by half hour,
 * an absent (null) one keeps what was stored, and each half hour keeps the quality of the value it holds.
 * Registers must exist (`ensureRegisters`). Answers the days written and the meters they belong to; the caller
 * recomputes those meters' facts in the same transaction.
 */
export async function mergeStage(
  client: pg.ClientBase,
  organisationId: number,
): Promise<{ days: number; meterIds: number[] }> {
  const merged = await client.query(MERGE, [organisationId]);
  const meters = await client.query<{ meter_id: number }>(
    'select distinct meter_id from half_hour_stage order by meter_id',
  );
  return { days: merged.rowCount ?? 0, meterIds: meters.rows.map((r) => r.meter_id) };
}

/** Registers first seen in the stage import kWh (a register of another kind is defined before its readings). */
export async function ensureRegisters(client: pg.ClientBase, organisationId: number): Promise<void> {
  await client.query(
    `insert into half_hour_registers (organisation_id, meter_id, register, direction, quantity)
     select distinct $1::int, meter_id, register, 'import', 'kWh' from half_hour_stage on conflict do nothing`,
    [organisationId],
  );
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

/**
 * The stage, one row per meter, register and day: days staged once as they are; days staged more than once
 * combined half hour by half hour, the last staged value (and its quality) winning. Parts of half hours are
 * staged only with a day staged once (imports stage a partial day once, merged with what is stored).
 */
const SOURCE = `
  with dup as (
    select meter_id, register, read_date from half_hour_stage group by 1, 2, 3 having count(*) > 1
  ),
  cells as (
    select s.meter_id, s.register, s.read_date, u.i,
      (array_agg(u.v order by s.seq desc) filter (where u.v is not null))[1] as v,
      (array_agg(u.w order by s.seq desc) filter (where u.v is not null))[1] as w,
      (array_agg(u.p order by s.seq desc) filter (where u.v is not null))[1] as p,
      coalesce((array_agg(u.q order by s.seq desc) filter (where u.v is not null))[1], ' ') as q
    from half_hour_stage s join dup d using (meter_id, register, read_date)
    cross join lateral unnest(s.kwh, s.kw, s.pf, string_to_array(s.quality, null))
      with ordinality as u(v, w, p, q, i)
    group by 1, 2, 3, 4
  )
  select s.meter_id, s.register, s.read_date, s.kwh, s.kw, s.pf, s.quality, s.day_kwh, s.readings, s.estimated,
    s.parts
  from half_hour_stage s
  where not exists (select 1 from dup d
    where d.meter_id = s.meter_id and d.register = s.register and d.read_date = s.read_date)
  union all
  select meter_id, register, read_date, array_agg(v order by i), array_agg(w order by i),
    array_agg(p order by i), string_agg(q, '' order by i), coalesce(sum(v), 0), count(v),
    count(v) filter (where q in ('E', 'S', 'F', 'V')), null::jsonb
  from cells group by 1, 2, 3`;

/** Quality as stored: null when every half hour is actual. */
const storedQuality = (q: string) => `case when ${q} ~ '[DESFV]' then ${q} end`;

const MERGE = `
  insert into half_hour_days as t (meter_id, register, read_date, organisation_id, kwh, kw, pf, day_kwh, readings,
    quality, estimated_readings, parts)
  select s.meter_id, s.register, s.read_date, $1, s.kwh, s.kw, s.pf, s.day_kwh, s.readings,
    ${storedQuality('s.quality')}, s.estimated, s.parts
  from (${SOURCE}) s
  on conflict (meter_id, register, read_date) do update set
    parts = nullif(coalesce((select jsonb_object_agg(k, v) from jsonb_each(t.parts) o(k, v)
      where excluded.kwh[k::int + 1] is null), '{}'::jsonb) || coalesce(excluded.parts, '{}'::jsonb), '{}'::jsonb),
    (kwh, kw, pf, day_kwh, readings, quality, estimated_readings) = (
      select array_agg(coalesce(n, o) order by i), array_agg(coalesce(nw, ow) order by i),
        array_agg(coalesce(np, op) order by i), coalesce(sum(coalesce(n, o)), 0), count(coalesce(n, o)),
        ${storedQuality("string_agg(qq, '' order by i)")}, count(*) filter (where qq in ('E', 'S', 'F', 'V'))
      from (
        select z.*, case when n is not null then coalesce(nq, 'A') when o is not null then coalesce(oq, 'A')
          else ' ' end as qq
        from unnest(excluded.kwh, t.kwh, excluded.kw, t.kw, excluded.pf, t.pf,
          string_to_array(excluded.quality, null), string_to_array(t.quality, null))
          with ordinality as z(n, o, nw, ow, np, op, nq, oq, i)
      ) merged
    )`;
