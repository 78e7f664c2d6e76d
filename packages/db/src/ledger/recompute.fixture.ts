import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createDataType, createFactor, createFactorSource } from '../catalogue-factories';
import { createOrganisation } from '../factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

/*
 * The world of the ledger's recompute tests (docs/decisions/tooling.md, A test file's world in a fixture module):
 * a test database whose default factor set 'Government 2024' gives Electricity 0.1 kg CO2e a kWh in scope 2 and
 * 0.01 in scope 3 from 2020; each test makes its own organisation and meter (meterIn).
 */

export let database: TestDatabase;
export let electricity: Awaited<ReturnType<typeof createDataType>>;
export let defaultSource: { id: number };

/** Registers the world's set-up and tear-down in the calling test file. */
export function useFixture() {
  beforeAll(async () => {
    database = await createTestDatabase();
    defaultSource = await createFactorSource(database.db, { name: 'Government 2024' });
    electricity = await createDataType(database.db, { name: 'Electricity' });
    await createFactor(database.db, {
      dataTypeId: electricity.id,
      sourceId: defaultSource.id,
      scope: 2,
      rate: 0.1,
      startDate: '2020-01-01',
    });
    await createFactor(database.db, {
      dataTypeId: electricity.id,
      sourceId: defaultSource.id,
      scope: 3,
      rate: 0.01,
      startDate: '2020-01-01',
    });
  });
  afterAll(() => database.close());
}

export const facts = async (meterId: number) =>
  (
    await database.db.execute<{
      month: string;
      q: number;
      cost: string;
      s1: number;
      s2: number;
      s3: number;
      days: number;
    }>(sql`
      select month, quantity_std as q, cost, co2e_scope1 as s1, co2e_scope2_location as s2, co2e_scope3 as s3, days_covered as days
      from monthly_facts where meter_id = ${meterId} order by month`)
  ).rows;

export async function meterIn(orgValues: Parameters<typeof createOrganisation>[1] = {}, meterValues = {}) {
  const org = await createOrganisation(database.db, orgValues);
  const site = await createSite(database.db, org.id);
  return createMeter(database.db, site, {
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
    ...meterValues,
  });
}
