import { finished } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { COPY_HEADER, COPY_TRAILER, CopyRows } from './half-hour-copy';
import type { HalfHourDay } from './half-hour-ingest';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Sends gathered rows through one binary COPY into a bare table of the given columns; answers its rows. */
async function copied(table: string, columns: string, rows: CopyRows) {
  const client = await database.pool.connect();
  try {
    await client.query(`drop table if exists ${table}; create table ${table} (${columns})`);
    const names = columns.split(',').map((c) => c.trim().split(' ')[0]);
    const stream = client.query(copyFrom(`copy ${table} (${names.join(', ')}) from stdin (format binary)`));
    stream.write(COPY_HEADER);
    stream.write(rows.take());
    stream.end(COPY_TRAILER);
    await finished(stream);
    return (await client.query(`select * from ${table}`)).rows;
  } finally {
    client.release();
  }
}

const DAY_COLUMNS = `organisation_id int, meter_id int, register smallint, read_date date, kwh real[], kw real[],
  pf real[], day_kwh float8, readings smallint, quality text, estimated_readings smallint`;
const STAGE_COLUMNS = `meter_id int, register smallint, read_date date, kwh real[], kw real[], pf real[], quality text,
  day_kwh float8, readings smallint, estimated smallint, parts jsonb`;

// A worked day: 0.125 kWh in the first half hour, 1.5 in the second (estimated), the rest missing but the last
// (2.25, substituted); a demand in the first half hour only; no power factor.
const kwh: (number | null)[] = [0.125, 1.5, ...Array(45).fill(null), 2.25];
const kw: (number | null)[] = [0.25, ...Array(47).fill(null)];
const quality = `AE${' '.repeat(45)}S`;
const day: HalfHourDay = { meterId: 7, register: 2, date: '2024-02-29', kwh, kw, quality };
const asText = (values: (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;

describe("a load's days in COPY's binary format", () => {
  it('writes a new day as the row the merge would insert, value for value', async () => {
    const rows = new CopyRows();
    rows.day(3, day);
    // An unflagged day: its quality is stored as null, its absent arrays as 48 nulls.
    rows.day(3, { meterId: 7, register: 0, date: '1999-12-31', kwh: Array(48).fill(0.1) });
    expect(rows.count).toBe(2);
    const [first, second] = await copied('copy_days', DAY_COLUMNS, rows);
    expect(first).toMatchObject({
      organisation_id: 3,
      meter_id: 7,
      register: 2,
      kwh: kwh,
      kw: kw,
      pf: Array(48).fill(null),
      day_kwh: 3.875,
      readings: 3,
      quality,
      estimated_readings: 2,
    });
    expect(first.read_date).toBe('2024-02-29');
    expect(second).toMatchObject({ register: 0, quality: null, readings: 48, estimated_readings: 0 });
    expect(second.read_date).toBe('1999-12-31');
    // real: 0.1 as four bytes reads back as the text of a real does.
    expect(second.kwh[0]).toBeCloseTo(0.1, 7);
  });

  it('stages a day with its quality in full and its parts of a half hour as JSON', async () => {
    const rows = new CopyRows();
    rows.stage({ ...day, parts: { '47': [0b111, 'E'] } });
    rows.stage({ meterId: 8, register: 0, date: '2025-01-01', kwh: [1, ...Array(47).fill(null)] });
    const [first, second] = await copied('copy_stage', STAGE_COLUMNS, rows);
    expect(first).toMatchObject({
      kwh,
      quality,
      day_kwh: 3.875,
      readings: 3,
      estimated: 2,
      parts: { 47: [7, 'E'] },
    });
    expect(second).toMatchObject({ quality: `A${' '.repeat(47)}`, day_kwh: 1, parts: null });
    const text = await database.pool.query<{ kwh: string }>(
      'select kwh::text from copy_stage order by meter_id',
    );
    expect(text.rows[0]?.kwh).toBe(asText(kwh));
  });

  it('refuses what PostgreSQL would refuse, leaving no row half written', async () => {
    const rows = new CopyRows();
    rows.day(1, day);
    const bytes = rows.bytes;
    expect(() => rows.day(1, { ...day, quality: 'bad' })).toThrow(/quality must be 48/);
    expect(() => rows.day(1, { ...day, date: '2025-02-30' })).toThrow(/date must be a real yyyy-MM-dd/);
    expect(() => rows.stage({ ...day, date: '2025-2-3' })).toThrow(/date must be a real yyyy-MM-dd/);
    expect(() => rows.day(1, { ...day, kwh: [1, 2, 1e39, ...Array(45).fill(null)] })).toThrow(
      /out of range for type real/,
    );
    expect(rows.bytes).toBe(bytes);
    expect(rows.count).toBe(1);
    expect(await copied('copy_refused', DAY_COLUMNS, rows)).toHaveLength(1);
  });
});
