import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createOrganisation } from '../factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { type HalfHourReading, ingestHalfHourReadings } from './half-hour-ingest';

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
    await database.db.execute<{ kwh: (number | null)[]; day_kwh: number; readings: number }>(
      sql`select kwh, day_kwh, readings from half_hour_days where meter_id = ${meter.id} and read_date = ${date}`,
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
});
