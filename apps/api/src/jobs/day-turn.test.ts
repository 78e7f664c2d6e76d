import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createOrganisation } from '@verdant/db/factories';
import { createFuelPurchase, createTransaction } from '@verdant/db/input-factories';
import { pendingCount } from '@verdant/db/ledger/pending';
import { rebuildLedger } from '@verdant/db/ledger/rebuild';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { createTestDatabase, type TestDatabase } from '@verdant/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputePendingJob } from './recompute-pending.job';

/*
 * Facts of an event-based meter's current month count the days up to the organisation's today, so they are
 * stale the moment its day turns unless something redoes them: the recompute job does, each minute.
 */

let database: TestDatabase;
/** 09:30 in Auckland on 27, then 28 November (still the 26th and 27th in UTC). */
const DAY_ONE = new Date('2026-11-26T20:30:00Z');
const DAY_TWO = new Date('2026-11-27T20:30:00Z');

const run = (now: Date) =>
  recomputePendingJob.handler(
    {},
    { db: database.db, clock: () => now, log: () => {}, stopping: () => false, send: async () => {} },
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const lpg = await createDataType(db, { name: 'Day LPG', stdUnit: 'kWh' }, [
    { name: 'litres', conversionToStandard: 7 },
  ]);
  const org = await createOrganisation(db, { name: 'Day Turn Org' });
  const site = await createSite(db, org.id);
  const litres = { energyId: lpg.id, unitId: lpg.units.litres?.id ?? 0, meterOpen: '2026-01-01' };
  const bottles = await createMeter(db, site, { localName: 'Bottles', meterType: 7, ...litres });
  const van = await createMeter(db, site, { localName: 'Van', meterType: 7, ...litres });
  const quiet = await createMeter(db, site, { localName: 'Quiet', meterType: 7, ...litres });
  await createTransaction(db, bottles, { date: '2026-11-03', quantity: 40, cost: 90 });
  await createFuelPurchase(db, van, { date: '2026-11-10', quantity: 50, cost: 120 });
  await createTransaction(db, quiet, { date: '2026-08-03', quantity: 40, cost: 90 });
  await recomputeFacts(db, [bottles.id, van.id, quiet.id], DAY_ONE);
  await run(DAY_ONE);
});
afterAll(() => database?.close());

describe('when the organisation’s day turns', () => {
  it('redoes the facts that count days up to today, and only those', async () => {
    const stale = await rebuildLedger(database.pool, { today: DAY_TWO });
    // What a rebuild on the second day would find if nothing redid them: the two meters of this month.
    expect(stale.factDifferenceCount).toBe(2);
    // (The rebuild itself rewrote them: put the first day's facts back.)
    await rebuildLedger(database.pool, { today: DAY_ONE });

    const result = await run(DAY_TWO);
    expect(result).toEqual({ meters: 2 });
    expect(await pendingCount(database.db)).toBe(0);
    const report = await rebuildLedger(database.pool, { today: DAY_TWO });
    expect({ facts: report.factDifferences, rollup: report.rollupDifferences }).toEqual({
      facts: [],
      rollup: [],
    });
  });

  it('marks nothing while the day stays the same', async () => {
    expect(await run(new Date(DAY_TWO.getTime() + 3 * 3_600_000))).toEqual({ meters: 0 });
  });
});
