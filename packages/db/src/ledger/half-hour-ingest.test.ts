import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createOrganisation } from '../factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import {
  createStage,
  ensureRegisters,
  type HalfHourReading,
  ingestHalfHourReadings,
  mergeStage,
  stageDays,
} from './half-hour-ingest';

let database: TestDatabase;
let org: { id: number };
let meter: { id: number };
let foreign: { id: number };

beforeAll(async () => {
  database = await createTestDatabase();
  org = await createOrganisation(database.db);
  meter = await createMeter(database.db, await createSite(database.db, org.id));
  const other = await createOrganisation(database.db);
  foreign = await createMeter(database.db, await createSite(database.db, other.id));
});
afterAll(() => database.close());

const day = async (date: string) =>
  (
    await database.db.execute<{
      kwh: (number | null)[];
      day_kwh: number;
      readings: number;
      quality: string | null;
      estimated_readings: number;
    }>(
      sql`select kwh, day_kwh, readings, quality, estimated_readings from half_hour_days
        where meter_id = ${meter.id} and read_date = ${date}`,
    )
  ).rows[0];

async function ingest(readings: HalfHourReading[], organisationId = org.id) {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    const result = await ingestHalfHourReadings(client, organisationId, readings);
    await client.query('commit');
    return result;
  } finally {
    client.release();
  }
}

describe('half-hour ingest', () => {
  it('stores a day of readings as one row with its total', async () => {
    const readings = Array.from({ length: 48 }, (_, hh) => ({
      meterId: meter.id,
      date: '2026-01-05',
      hh,
      kwh: hh < 24 ? 1 : 2,
    }));
    const result = await ingest(readings);
    expect(result).toEqual({ days: 1, readings: 48, meterIds: [meter.id], refused: [] });
    expect(await day('2026-01-05')).toMatchObject({ day_kwh: 72, readings: 48 });
  });

  it('merges a later partial load half hour by half hour', async () => {
    await ingest([
      { meterId: meter.id, date: '2026-01-06', hh: 0, kwh: 5 },
      { meterId: meter.id, date: '2026-01-06', hh: 1, kwh: 6 },
    ]);
    await ingest([
      { meterId: meter.id, date: '2026-01-06', hh: 1, kwh: 7 },
      { meterId: meter.id, date: '2026-01-06', hh: 47, kwh: 1.5 },
    ]);
    const row = await day('2026-01-06');
    expect(row?.kwh.slice(0, 3)).toEqual([5, 7, null]);
    expect(row?.kwh[47]).toBe(1.5);
    expect(row).toMatchObject({ day_kwh: 13.5, readings: 3 });
  });

  it('refuses the whole load and names the bad readings', async () => {
    const result = await ingest([
      { meterId: meter.id, date: '2026-01-07', hh: 3, kwh: 1 },
      { meterId: meter.id, date: '2026-01-07', hh: 48, kwh: 1 },
      { meterId: meter.id, date: '2026-02-30x', hh: 1, kwh: 1 },
      { meterId: foreign.id, date: '2026-01-07', hh: 1, kwh: 1 },
    ]);
    expect(result.refused).toEqual([
      { index: 1, reason: 'hh must be a whole number from 0 to 47' },
      { index: 2, reason: 'date must be yyyy-MM-dd' },
      { index: 3, reason: `meter ${foreign.id} is not a data source of this organisation` },
    ]);
    expect(await day('2026-01-07')).toBeUndefined();
  });

  it("keeps each half hour's quality: estimated ones are counted, a later actual value clears the flag", async () => {
    await ingest([
      { meterId: meter.id, date: '2026-01-08', hh: 0, kwh: 1 },
      { meterId: meter.id, date: '2026-01-08', hh: 1, kwh: 2, quality: 'E' },
      { meterId: meter.id, date: '2026-01-08', hh: 2, kwh: 3, quality: 'S' },
    ]);
    const first = await day('2026-01-08');
    expect(first?.quality).toBe(`AES${' '.repeat(45)}`);
    expect(first?.estimated_readings).toBe(2);
    await ingest([
      { meterId: meter.id, date: '2026-01-08', hh: 1, kwh: 2.5 },
      { meterId: meter.id, date: '2026-01-08', hh: 5, kwh: 1, quality: 'F' },
    ]);
    const second = await day('2026-01-08');
    expect(second?.quality).toBe(`AAS  F${' '.repeat(42)}`);
    expect(second?.estimated_readings).toBe(2);
    await ingest([
      { meterId: meter.id, date: '2026-01-08', hh: 2, kwh: 3 },
      { meterId: meter.id, date: '2026-01-08', hh: 5, kwh: 1 },
    ]);
    expect(await day('2026-01-08')).toMatchObject({ quality: null, estimated_readings: 0, day_kwh: 7.5 });
  });

  it('stages in batches: a day staged twice is combined half hour by half hour, the last value winning', async () => {
    const empty = () => Array<number | null>(48).fill(null);
    const a = empty();
    a[0] = 1;
    a[1] = 2;
    const b = empty();
    b[1] = 4;
    b[2] = 8;
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      await createStage(client);
      await stageDays(client, [{ meterId: meter.id, register: 0, date: '2026-01-09', kwh: a }]);
      await stageDays(
        client,
        (async function* () {
          yield {
            meterId: meter.id,
            register: 0,
            date: '2026-01-09',
            kwh: b,
            quality: ` EA${' '.repeat(45)}`,
          };
          yield { meterId: meter.id, register: 0, date: '2026-01-10', kwh: a };
        })(),
      );
      await ensureRegisters(client, org.id);
      expect(await mergeStage(client, org.id)).toEqual({ days: 2, meterIds: [meter.id] });
      await client.query('commit');
    } finally {
      client.release();
    }
    const row = await day('2026-01-09');
    expect(row?.kwh.slice(0, 4)).toEqual([1, 4, 8, null]);
    expect(row).toMatchObject({ day_kwh: 13, readings: 3, estimated_readings: 1 });
    expect(row?.quality).toBe(`AEA${' '.repeat(45)}`);
  });
});
