import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createDataType, createFactor, createFactorSource } from '../catalogue-factories';
import { createOrganisation } from '../factories';
import { createInvoice } from '../input-factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { sumFacts } from './read-model';
import { countedMonths } from './read-model-months';
import { recomputeFacts } from './recompute';

let database: TestDatabase;
afterAll(() => database.close());

let organisationId: number;
let a: number;
let w: number;

// Electricity at 0.1 kg CO2e/kWh (scope 2) + 0.01 (scope 3) = 0.11 kg/kWh; water (kL, not energy) has no factor.
// Meter a: January 1,000 kWh, February 800 kWh; meter b: January 500 kWh; meter w: March 30 kL of water.
beforeAll(async () => {
  database = await createTestDatabase();
  const source = await createFactorSource(database.db, { name: 'Government 2024' });
  const electricity = await createDataType(database.db, { name: 'Electricity' });
  const water = await createDataType(database.db, { name: 'Water', typeId: 2, stdUnit: 'kL' });
  for (const [scope, rate] of [
    [2, 0.1],
    [3, 0.01],
  ] as const)
    await createFactor(database.db, {
      dataTypeId: electricity.id,
      sourceId: source.id,
      scope,
      rate,
      startDate: '2020-01-01',
    });
  const org = await createOrganisation(database.db);
  organisationId = org.id;
  const site = await createSite(database.db, org.id);
  const power = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const ma = await createMeter(database.db, site, power);
  const mb = await createMeter(database.db, site, power);
  const mw = await createMeter(database.db, site, { energyId: water.id, unitId: water.stdUnitId });
  [a, w] = [ma.id, mw.id];
  await createInvoice(database.db, ma, {
    from: '2024-01-01',
    till: '2024-01-31',
    consumption: 1000,
    cost: 200,
  });
  await createInvoice(database.db, ma, {
    from: '2024-02-01',
    till: '2024-02-29',
    consumption: 800,
    cost: 160,
  });
  await createInvoice(database.db, mb, {
    from: '2024-01-01',
    till: '2024-01-31',
    consumption: 500,
    cost: 100,
  });
  await createInvoice(database.db, mw, { from: '2024-03-01', till: '2024-03-31', consumption: 30, cost: 60 });
  await recomputeFacts(database.db, [ma.id, mb.id, mw.id]);
});

const read = (measure: 'cons' | 'co2e', visible: number[] | null) =>
  countedMonths(database.db, organisationId, measure, '2024-01-01', '2024-12-01', visible);

/** The read model by month, the measure and its flag: what countedMonths must answer however it reads. */
const oracle = async (measure: 'cons' | 'co2e', visible: number[] | null) =>
  (
    await sumFacts(database.db, {
      organisationId,
      by: ['month'],
      from: '2024-01-01',
      till: '2024-12-01',
      visible,
    })
  )
    .map((r) => ({ month: String(r.month), total: r[measure], incomplete: r[`${measure}_incomplete`] }))
    .sort((x, y) => (x.month < y.month ? -1 : 1));

const rounded = (rows: { month: string; total: number; incomplete: boolean }[]) =>
  rows.map((r) => ({ ...r, total: Math.round(r.total * 1e6) / 1e6 }));

describe("the read model's counted months", () => {
  it('every meter seen (the rollup): each month with a counted fact, water-only March at 0 kWh', async () => {
    const cons = await read('cons', null);
    // January 1,000 + 500 = 1,500 kWh; February 800; March only water: there, with 0 kWh.
    expect(cons.map((r) => [r.month, r.total])).toEqual([
      ['2024-01-01', 1500],
      ['2024-02-01', 800],
      ['2024-03-01', 0],
    ]);
    expect(rounded(cons)).toEqual(rounded(await oracle('cons', null)));
    const co2e = await read('co2e', null);
    // January 1,500 x 0.11 = 165 kg; February 800 x 0.11 = 88 kg.
    expect(co2e[0]?.total).toBeCloseTo(165, 9);
    expect(co2e[1]?.total).toBeCloseTo(88, 9);
    expect(rounded(co2e)).toEqual(rounded(await oracle('co2e', null)));
  });

  it('most meters seen (the rollup less the hidden meter b): January 1,000 kWh', async () => {
    const cons = await read('cons', [a, w]);
    expect(cons.map((r) => [r.month, r.total])).toEqual([
      ['2024-01-01', 1000],
      ['2024-02-01', 800],
      ['2024-03-01', 0],
    ]);
    expect(rounded(cons)).toEqual(rounded(await oracle('cons', [a, w])));
    expect(rounded(await read('co2e', [a, w]))).toEqual(rounded(await oracle('co2e', [a, w])));
  });

  it('a few meters seen (the facts): only the months of meter a', async () => {
    const cons = await read('cons', [a]);
    expect(cons.map((r) => [r.month, r.total])).toEqual([
      ['2024-01-01', 1000],
      ['2024-02-01', 800],
    ]);
    expect(rounded(cons)).toEqual(rounded(await oracle('cons', [a])));
    expect(rounded(await read('co2e', [a]))).toEqual(rounded(await oracle('co2e', [a])));
  });

  it('a month whose facts all went leaves no month behind in the rollup', async () => {
    await database.db.execute(
      sql`delete from invoice_meters where organisation_id = ${organisationId} and meter_id = ${w}`,
    );
    await recomputeFacts(database.db, [w]);
    const cons = await read('cons', null);
    expect(cons.map((r) => r.month)).toEqual(['2024-01-01', '2024-02-01']);
    expect(rounded(cons)).toEqual(rounded(await oracle('cons', null)));
    expect(rounded(await read('co2e', [a, w]))).toEqual(rounded(await oracle('co2e', [a, w])));
  });
});
