import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createDataType, createFactor, createFactorSource } from '../catalogue-factories';
import { createOrganisation } from '../factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { addInvoice, changeMeterUnit, defineRegister, LedgerInputError } from './inputs';

/** Bad ledger input: refused with a clear message, nothing changed. */
let database: TestDatabase;
let org: { id: number };
let electricity: Awaited<ReturnType<typeof createDataType>>;
let diesel: Awaited<ReturnType<typeof createDataType>>;
let a: { id: number; organisationId: number };
let b: { id: number; organisationId: number };

beforeAll(async () => {
  database = await createTestDatabase();
  const source = await createFactorSource(database.db, { name: 'Inputs test factors', isDefault: true });
  electricity = await createDataType(database.db, { name: 'Inputs electricity' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  diesel = await createDataType(database.db, { name: 'Inputs diesel', stdUnit: 'litres' });
  await createFactor(database.db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  org = await createOrganisation(database.db, { name: 'Inputs Org' });
  const site = await createSite(database.db, org.id);
  const meter = { energyId: electricity.id, unitId: electricity.stdUnitId };
  a = await createMeter(database.db, site, meter);
  b = await createMeter(database.db, site, meter);
});
afterAll(() => database.close());

/** Everything a refused write could have touched. */
const state = async () =>
  (
    await database.db.execute(sql`select
      (select count(*) from invoices where organisation_id = ${org.id})::int as invoices,
      (select count(*) from invoice_meters where organisation_id = ${org.id})::int as invoice_meters,
      (select count(*) from invoice_reversals where organisation_id = ${org.id})::int as reversals,
      (select count(*) from half_hour_registers where organisation_id = ${org.id})::int as registers,
      (select json_agg(m.unit_id order by m.id) from meters m where m.organisation_id = ${org.id}) as units,
      (select coalesce(json_agg(f order by f.meter_id, f.month), '[]') from monthly_facts f
        where f.organisation_id = ${org.id}) as facts`)
  ).rows[0];

const june = { from: '2024-06-01', till: '2024-06-30' };

async function refused(write: () => Promise<unknown>, message: string) {
  const before = await state();
  const error = await write().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LedgerInputError);
  expect((error as Error).message).toBe(message);
  expect(await state()).toEqual(before);
}

describe('ledger input rules', () => {
  it('accepts an invoice over two meters shared 75/25 and computes both', async () => {
    await addInvoice(database.db, org.id, {
      ...june,
      cost: 600,
      meters: [
        { meterId: a.id, unitId: electricity.stdUnitId, consumption: 2000, sharing: 75 },
        { meterId: b.id, unitId: electricity.stdUnitId, consumption: 100, multiplier: 10, sharing: 25 },
      ],
    });
    const facts = await database.db.execute(sql`select meter_id, quantity_std as q, cost
      from monthly_facts where organisation_id = ${org.id} order by meter_id`);
    expect(facts.rows).toEqual([
      { meter_id: a.id, q: 2000, cost: '450.00' },
      { meter_id: b.id, q: 1000, cost: '150.00' },
    ]);
  });

  it('refuses a reversal over a period with no invoices', async () => {
    await refused(
      () =>
        addInvoice(database.db, org.id, {
          from: '2025-03-01',
          till: '2025-03-31',
          kind: 'reversal',
          cost: 0,
          meters: [{ meterId: a.id, unitId: electricity.stdUnitId, consumption: 0 }],
        }),
      'There is no invoice for these meters between 2025-03-01 and 2025-03-31 for this reversal to reverse.',
    );
  });

  it('refuses sharing that sums past 100%', async () => {
    await refused(
      () =>
        addInvoice(database.db, org.id, {
          from: '2024-07-01',
          till: '2024-07-31',
          cost: 100,
          meters: [
            { meterId: a.id, unitId: electricity.stdUnitId, consumption: 10, sharing: 70 },
            { meterId: b.id, unitId: electricity.stdUnitId, consumption: 10, sharing: 40 },
          ],
        }),
      'The sharing of an invoice’s meters adds up to 110%; it cannot be more than 100%.',
    );
  });

  it('refuses an input in a unit of another data type', async () => {
    await refused(
      () =>
        addInvoice(database.db, org.id, {
          from: '2024-07-01',
          till: '2024-07-31',
          cost: 100,
          meters: [{ meterId: a.id, unitId: diesel.stdUnitId, consumption: 10 }],
        }),
      'The unit litres belongs to Inputs diesel, not to this data source’s Inputs electricity.',
    );
  });

  it("refuses a meter's unit changed to one of another data type; another unit of its own keeps history", async () => {
    await refused(
      () => changeMeterUnit(database.db, org.id, a.id, diesel.stdUnitId),
      'The unit litres belongs to Inputs diesel, not to this data source’s Inputs electricity.',
    );
    const mwh = electricity.units.MWh?.id ?? 0;
    await changeMeterUnit(database.db, org.id, a.id, mwh);
    const facts = await database.db.execute(
      sql`select quantity_std as q from monthly_facts where meter_id = ${a.id}`,
    );
    // June was entered in kWh and stays 2000 kWh, not 2,000,000.
    expect(facts.rows).toEqual([{ q: 2000 }]);
  });

  it('refuses a register of unknown direction', async () => {
    await refused(
      () =>
        defineRegister(database.db, org.id, {
          meterId: a.id,
          register: 2,
          direction: 'sideways',
          quantity: 'kWh',
        }),
      'Register 2 has an unknown direction sideways: use import or export.',
    );
    await defineRegister(database.db, org.id, {
      meterId: a.id,
      register: 2,
      direction: 'export',
      quantity: 'kWh',
    });
    const rows = await database.db.execute(
      sql`select direction, quantity from half_hour_registers where meter_id = ${a.id}`,
    );
    expect(rows.rows).toEqual([{ direction: 'export', quantity: 'kWh' }]);
  });
});
