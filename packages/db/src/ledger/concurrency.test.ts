import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createDataType, createFactor, createFactorSource } from '../catalogue-factories';
import { connect, type Database } from '../client';
import { createOrganisation } from '../factories';
import { createInvoice } from '../input-factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { rebuildLedger } from './rebuild';
import { recomputeFacts } from './recompute';

let database: TestDatabase;
/** A pool big enough that all 20 writes are in flight at once. */
let wide: Database;
let meters: Awaited<ReturnType<typeof createMeter>>[];

beforeAll(async () => {
  database = await createTestDatabase();
  wide = connect(database.url, 21);
  const source = await createFactorSource(database.db, { name: 'Government 2024' });
  const electricity = await createDataType(database.db, { name: 'Electricity' });
  await createFactor(database.db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  const org = await createOrganisation(database.db);
  const site = await createSite(database.db, org.id);
  meters = [];
  for (let i = 0; i < 6; i++) {
    meters.push(
      await createMeter(database.db, site, { energyId: electricity.id, unitId: electricity.stdUnitId }),
    );
  }
  await recomputeFacts(
    database.db,
    meters.map((m) => m.id),
  );
});
afterAll(async () => {
  await wide.close();
  await database.close();
});

/** One write: an invoice for each named meter and their recompute, in one transaction. */
const write = (meterIndexes: number[], n: number) =>
  wide.db.transaction(async (tx) => {
    const targets = meterIndexes.flatMap((i) => meters[i] ?? []);
    for (const meter of targets) {
      const month = String((n % 12) + 1).padStart(2, '0');
      await createInvoice(tx, meter, {
        from: `2024-${month}-01`,
        till: `2024-${month}-10`,
        consumption: 100 + n,
        cost: 10.01 * (n + 1),
      });
    }
    await recomputeFacts(
      tx,
      targets.map((m) => m.id),
    );
    return 'ok';
  });

const noDifferences = async () => {
  const report = await rebuildLedger(database.pool);
  expect(report.factDifferences).toEqual([]);
  expect(report.rollupDifferences).toEqual([]);
  expect(report.facts).toBeGreaterThan(0);
};

describe('concurrent writes to the ledger', () => {
  it('queue at one meter: all 20 succeed and the facts equal a rebuild', async () => {
    const answers = await Promise.allSettled(Array.from({ length: 20 }, (_, n) => write([0], n)));
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
    const invoices = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoice_meters where meter_id = ${meters[0]?.id ?? 0}`,
    );
    expect(invoices.rows[0]?.n).toBe(20);
    await noDifferences();
  });

  it('queue at overlapping sets of meters, named in any order: all 20 succeed and the facts equal a rebuild', async () => {
    const sets = [
      [0, 1, 2],
      [2, 1],
      [3, 4, 5, 0],
      [5, 3],
      [1, 4],
    ];
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => write(sets[n % sets.length] ?? [0], n)),
    );
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
    await noDifferences();
  });
});
