import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createDataType } from '../catalogue-factories';
import { createOrganisation } from '../factories';
import { createInvoice } from '../input-factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { monthlyTotals, sumFactsBatch } from './read-model';
import { recomputeFacts } from './recompute';

/**
 * `monthlyTotals` answers the same months whichever way it reads (docs/decisions/ledger.md, A month with no kWh
 * figure is missing): the rollup, the rollup less the hidden meters' facts, the facts, or as originally reported.
 */
let database: TestDatabase;
afterAll(() => database.close());

let organisationId: number;
let e: number;
let w: number;
let x: number;
let y: number;

// Site A: electricity meter e, January 1,000 kWh, March 500 kWh; water meter w, January 10 kL, February 20 kL.
// Site B: electricity meters x and y with no figures, z with April 200 kWh.
// February has only a water figure: no kWh figure at all, so it is missing from the kWh totals, not 0.
beforeAll(async () => {
  database = await createTestDatabase();
  const electricity = await createDataType(database.db, { name: 'Electricity' });
  const water = await createDataType(database.db, { name: 'Water', typeId: 2, stdUnit: 'kL' });
  const org = await createOrganisation(database.db);
  organisationId = org.id;
  const siteA = await createSite(database.db, org.id);
  const siteB = await createSite(database.db, org.id);
  const power = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const me = await createMeter(database.db, siteA, power);
  const mw = await createMeter(database.db, siteA, { energyId: water.id, unitId: water.stdUnitId });
  const [mx, my, mz] = [
    await createMeter(database.db, siteB, power),
    await createMeter(database.db, siteB, power),
    await createMeter(database.db, siteB, power),
  ];
  [e, w, x, y] = [me.id, mw.id, mx.id, my.id];
  const month = (till: string) => ({ from: `${till.slice(0, 8)}01`, till });
  await createInvoice(database.db, me, { ...month('2024-01-31'), consumption: 1000, cost: 200 });
  await createInvoice(database.db, me, { ...month('2024-03-31'), consumption: 500, cost: 100 });
  await createInvoice(database.db, mw, { ...month('2024-01-31'), consumption: 10, cost: 20 });
  await createInvoice(database.db, mw, { ...month('2024-02-29'), consumption: 20, cost: 40 });
  await createInvoice(database.db, mz, { ...month('2024-04-30'), consumption: 200, cost: 40 });
  await recomputeFacts(database.db, [me.id, mw.id, mz.id]);
});

const read = async (visible: number[] | null, basis: 'restated' | 'original' = 'restated') =>
  [...(await monthlyTotals(database.db, organisationId, 'cons', '2024-01-01', '2024-12-01', visible, basis))]
    .map(([month, t]) => [month, t.total, t.incomplete])
    .sort((p, q) => String(p[0]).localeCompare(String(q[0])));

describe('monthly kWh totals whichever path reads them', () => {
  it('every meter seen (the rollup) and as originally reported (the facts): February missing', async () => {
    // January 1,000 kWh (water's 10 kL not added), March 500, April z's 200; February only water: missing.
    const expected = [
      ['2024-01-01', 1000, false],
      ['2024-03-01', 500, false],
      ['2024-04-01', 200, false],
    ];
    expect(await read(null)).toEqual(expected);
    expect(await read(null, 'original')).toEqual(expected);
  });

  it('a caller narrowed to site A (the facts, three meters hidden of five) agrees', async () => {
    const expected = [
      ['2024-01-01', 1000, false],
      ['2024-03-01', 500, false],
    ];
    expect(await read([e, w])).toEqual(expected);
    expect(await read([e, w], 'original')).toEqual(expected);
  });

  it('a caller who sees all but z (the rollup less z): April, only z, goes with February', async () => {
    // April's rollup row is z's alone: 200 - 200 = 0 kWh of no meter seen, so missing, as on the facts path.
    const expected = [
      ['2024-01-01', 1000, false],
      ['2024-03-01', 500, false],
    ];
    expect(await read([e, w, x, y])).toEqual(expected);
    expect(await read([e, w, x, y], 'original')).toEqual(expected);
  });
});

describe('several read-model queries in one statement', () => {
  it('reads a query asked for two measures once, with both, and keeps each answer in its place', async () => {
    const query = {
      organisationId,
      by: ['month' as const],
      from: '2024-01-01',
      till: '2024-12-01',
      visible: null,
    };
    const [cons, cost, site, both] = await sumFactsBatch(database.db, [
      { ...query, measures: ['cons', 'cons_incomplete'] },
      { ...query, measures: ['cost'] },
      { ...query, visible: [e, w], measures: ['cost'] },
      query,
    ]);
    const by = (rows: typeof cons, field: 'cons' | 'cost') =>
      (rows ?? []).map((r) => [r.month, r[field]]).sort((p, q) => String(p[0]).localeCompare(String(q[0])));
    // January 1,000 kWh (the water's kL not added) and $220; the same query's two asks both see both measures.
    expect(by(cons, 'cons')).toEqual([
      ['2024-01-01', 1000],
      ['2024-02-01', 0],
      ['2024-03-01', 500],
      ['2024-04-01', 200],
    ]);
    expect(by(cost, 'cost')).toEqual(by(cons, 'cost'));
    expect(by(cost, 'cost')).toEqual([
      ['2024-01-01', 220],
      ['2024-02-01', 40],
      ['2024-03-01', 100],
      ['2024-04-01', 40],
    ]);
    // Narrowed to site A, a different query: z's April is not in it.
    expect(by(site, 'cost')).toEqual([
      ['2024-01-01', 220],
      ['2024-02-01', 40],
      ['2024-03-01', 100],
    ]);
    // A query asking every measure answers every one, the others included.
    expect(both?.[0]).toHaveProperty('co2e_incomplete');
  });
});
