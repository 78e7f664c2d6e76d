import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createOrganisation } from '../factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { checkRegisterKey, deferRegisterKey, openDayWriter, storedSpans } from './half-hour-direct';
import { createStage, ensureRegisters, type HalfHourDay, mergeStage } from './half-hour-ingest';

let database: TestDatabase;
let org: { id: number };
let meter: { id: number };

beforeAll(async () => {
  database = await createTestDatabase();
  org = await createOrganisation(database.db);
  meter = await createMeter(database.db, await createSite(database.db, org.id));
});
afterAll(() => database.close());

const full = (kwh: number | null): HalfHourDay['kwh'] => Array(48).fill(kwh);
const dayOf = (date: string, kwh: HalfHourDay['kwh'], quality: string | null = null): HalfHourDay => ({
  meterId: meter.id,
  register: 0,
  date,
  kwh,
  quality,
});

/**
 * Writes days as a load does: the register key deferred, new days straight in, the others staged; then the
 * register saved (unless `register` is false), the key checked and the stage merged; one transaction.
 */
async function load(days: HalfHourDay[], register = true) {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await createStage(client);
    await deferRegisterKey(client);
    const writer = openDayWriter(client, {
      organisationId: org.id,
      direct: await storedSpans(client, org.id),
    });
    await writer.write(days);
    const written = await writer.end();
    if (register)
      await client.query(
        `insert into half_hour_registers (organisation_id, meter_id, register, direction, quantity)
         values ($1, $2, 0, 'import', 'kWh') on conflict do nothing`,
        [org.id, meter.id],
      );
    await checkRegisterKey(client);
    await ensureRegisters(client, org.id);
    const merged = await mergeStage(client, org.id);
    await client.query('commit');
    return { ...written, merged: merged.days };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const stored = async () =>
  (
    await database.pool.query<{ date: string; day_kwh: number; readings: number; quality: string | null }>(
      `select read_date::text as date, day_kwh, readings, quality from half_hour_days
       where organisation_id = $1 and meter_id = $2 order by read_date`,
      [org.id, meter.id],
    )
  ).rows;

describe('a load writing new days straight into the day table', () => {
  it('copies days no register holds, stages and merges the ones inside the stored span', async () => {
    // 1 and 3 March new: straight in, 48 x 0.5 = 24 kWh each, the derived day keeps its quality.
    const derived = 'D'.repeat(48);
    expect(await load([dayOf('2025-03-01', full(0.5)), dayOf('2025-03-03', full(0.5), derived)])).toEqual({
      direct: 2,
      staged: 0,
      merged: 0,
    });
    // 2 March lies between the stored days, so it is staged; 3 March is stored, so it is merged: the file's
    // first half hour (1 kWh) wins, the 47 it leaves out keep 0.5 (47 x 0.5 + 1 = 24.5); 4 March is new.
    const partly: HalfHourDay['kwh'] = [1, ...Array(47).fill(null)];
    expect(
      await load([
        dayOf('2025-03-02', full(0.25)),
        dayOf('2025-03-03', partly),
        dayOf('2025-03-04', full(1)),
      ]),
    ).toEqual({ direct: 1, staged: 2, merged: 2 });
    expect(await stored()).toEqual([
      { date: '2025-03-01', day_kwh: 24, readings: 48, quality: null },
      { date: '2025-03-02', day_kwh: 12, readings: 48, quality: null },
      { date: '2025-03-03', day_kwh: 24.5, readings: 48, quality: `A${'D'.repeat(47)}` },
      { date: '2025-03-04', day_kwh: 48, readings: 48, quality: null },
    ]);
  });

  it('still checks every day written against its register, once the read is over', async () => {
    const other = await createMeter(database.db, await createSite(database.db, org.id));
    const orphan = { ...dayOf('2025-06-01', full(1)), meterId: other.id };
    // The day goes in while the key is deferred; no register is saved for its meter, so the check refuses it.
    await expect(load([orphan], false)).rejects.toThrow(/half_hour_days_register_fk/);
    const count = await database.pool.query(
      'select count(*)::int as n from half_hour_days where meter_id = $1',
      [other.id],
    );
    expect(count.rows[0].n).toBe(0);
  });
});
