import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

interface DayRow {
  meterId: number;
  register: number;
  date: string;
  kwh: (number | null)[];
  kw: (number | null)[];
  pf: (number | null)[];
}

function check(r: HalfHourReading): string | null {
  if (!Number.isInteger(r.hh) || r.hh < 0 || r.hh > 47) return 'hh must be a whole number from 0 to 47';
  if (!DATE.test(r.date)) return 'date must be yyyy-MM-dd';
  if (!Number.isFinite(r.kwh)) return 'kwh must be a number';
  if (r.kw != null && !Number.isFinite(r.kw)) return 'kw must be a number';
  if (r.pf != null && (!Number.isFinite(r.pf) || r.pf < -1 || r.pf > 1)) return 'pf must be between -1 and 1';
  return null;
}

const arrayLiteral = (values: (number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/**
 * Loads half-hour readings on the caller's connection and transaction: they are grouped into one row per
 * meter, register and day, streamed with COPY into a staging table, and merged into `half_hour_days`
 * (a reading for a half hour already stored replaces it; the others stay). All or nothing: when any reading is
 * refused, nothing is written and the refused readings are named. The caller recomputes the facts of
 * `meterIds` in the same transaction.
 */
export async function ingestHalfHourReadings(
  client: pg.PoolClient | pg.Client,
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

  const days = new Map<string, DayRow>();
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
      };
      days.set(key, day);
    }
    day.kwh[r.hh] = r.kwh;
    day.kw[r.hh] = r.kw ?? null;
    day.pf[r.hh] = r.pf ?? null;
  }

  await client.query(`create temp table if not exists half_hour_stage
    (meter_id int, register smallint, read_date date, kwh real[], kw real[], pf real[])`);
  await client.query('truncate half_hour_stage');
  function* lines() {
    for (const d of days.values()) {
      yield `${d.meterId}\t${d.register}\t${d.date}\t${arrayLiteral(d.kwh)}\t${arrayLiteral(d.kw)}\t${arrayLiteral(d.pf)}\n`;
    }
  }
  await pipeline(
    Readable.from(lines()),
    client.query(copyFrom('copy half_hour_stage (meter_id, register, read_date, kwh, kw, pf) from stdin')),
  );
  // A register first seen here imports kWh (a register of another kind is defined before its readings).
  await client.query(
    `insert into half_hour_registers (organisation_id, meter_id, register, direction, quantity)
     select distinct $1::int, meter_id, register, 'import', 'kWh' from half_hour_stage on conflict do nothing`,
    [organisationId],
  );
  await client.query(MERGE, [organisationId]);
  return { days: days.size, readings: readings.length, meterIds, refused: [] };
}

/** Merges staged days half hour by half hour: a new value wins, an absent (null) one keeps what was stored. */
const zip = (column: string) =>
  `array(select coalesce(n, o) from unnest(excluded.${column}, t.${column}) with ordinality as z(n, o, i) order by i)`;
const MERGE = `
  insert into half_hour_days as t (meter_id, register, read_date, organisation_id, kwh, kw, pf, day_kwh, readings)
  select s.meter_id, s.register, s.read_date, $1, s.kwh, s.kw, s.pf,
    coalesce((select sum(v) from unnest(s.kwh) v), 0), (select count(v) from unnest(s.kwh) v)
  from half_hour_stage s
  on conflict (meter_id, register, read_date) do update set
    kwh = ${zip('kwh')},
    kw = ${zip('kw')},
    pf = ${zip('pf')},
    day_kwh = (select coalesce(sum(coalesce(n, o)), 0) from unnest(excluded.kwh, t.kwh) as z(n, o)),
    readings = (select count(coalesce(n, o)) from unnest(excluded.kwh, t.kwh) as z(n, o))`;
