import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * A small organisation computed by hand. Today is 21 November 2026, so the last complete month is October
 * 2026 and the comparison year is October 2025. Electricity: 0.1 kg/kWh scope 2 + 0.01 scope 3 = 0.11.
 * Water: 0.3 kg/m3 scope 3.
 *
 *   meter             site    Oct 2026                 Oct 2025                 change
 *   Depot supply      Depot   3100 kWh  $620.00        2480 kWh  $496.00        +25.0%
 *   Office supply     Office  2 MWh     $400.00        2.5 MWh   $500.00        -20.0%
 *   Office water      Office  100 m3    $250.00        90 m3     $225.00        not energy: not a mover
 *   Office annex      Office  (invoice late)           900 kWh   $180.00        not a mover
 *   Depot check meter Depot   700 kWh (level 2: inside Depot supply, never in a total)
 *
 * Consumption adds up kWh only: 3100 + 2000 = 5100 against 2480 + 2500 + 900 = 5880.
 * Cost: 620 + 400 + 250 = 1270 against 496 + 500 + 225 + 180 = 1401.
 * Emissions: 5100 x 0.11 + 100 x 0.3 = 591 against 5880 x 0.11 + 90 x 0.3 = 673.8.
 * Depot supply also has half of November 2025 (1500 kWh) and a third of September 2026 (1000 kWh, 1-10
 * September): both months are incomplete.
 *
 * The 12 month comparison shows the organisation's current reporting year, the one holding October 2026:
 *   year end 12: Jan-Dec 2026 ('2026') against Jan-Dec 2025 ('2025'); Nov and Dec 2026 are still to come.
 *     Consumption 2026: Sep 1000 (incomplete), Oct 5100, Nov-Dec future (0). 2025: Oct 5880, Nov 1500.
 *   year end 6: Jul 2026-Jun 2027 ('FY 2026/27') against Jul 2025-Jun 2026 ('FY 2025/26');
 *     Nov 2026-Jun 2027 are still to come. Recent: Sep 1000, Oct 5100. Earlier: Oct 5880, Nov 1500.
 *   year end 3: Apr 2026-Mar 2027 ('FY 2026/27') against Apr 2025-Mar 2026 ('FY 2025/26').
 * Emissions of November 2025: 1500 x 0.11 = 165.
 */

let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Dashboard Org' });
  const other = await createOrganisation(db, { name: 'Elsewhere' });
  const source = await createFactorSource(db);
  const electricity = await createDataType(db, { name: 'Electricity' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  const water = await createDataType(db, {
    name: 'Water supply',
    typeId: 2,
    stdUnit: 'm3',
    standardisedUnit: 'volume',
  });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 3,
    rate: 0.01,
    startDate: '2020-01-01',
  });
  await createFactor(db, {
    dataTypeId: water.id,
    sourceId: source.id,
    scope: 3,
    rate: 0.3,
    startDate: '2020-01-01',
  });

  const depot = await createSite(db, org.id, { name: 'Depot' });
  const office = await createSite(db, org.id, { name: 'Office' });
  ids.depot = depot.id;
  ids.office = office.id;
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const m1 = await createMeter(db, depot, { localName: 'Depot supply', ...kwh });
  const m2 = await createMeter(db, office, {
    localName: 'Office supply',
    energyId: electricity.id,
    unitId: electricity.units.MWh?.id,
  });
  const m3 = await createMeter(db, office, {
    localName: 'Office water',
    energyId: water.id,
    unitId: water.stdUnitId,
  });
  Object.assign(ids, { m1: m1.id, m2: m2.id, m3: m3.id });
  await createInvoice(db, m1, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await createInvoice(db, m1, { from: '2025-10-01', till: '2025-10-31', consumption: 2480, cost: 496 });
  await createInvoice(db, m1, { from: '2025-11-01', till: '2025-11-15', consumption: 1500, cost: 300 });
  await createInvoice(db, m1, { from: '2026-09-01', till: '2026-09-10', consumption: 1000, cost: 200 });
  await createInvoice(db, m2, { from: '2026-10-01', till: '2026-10-31', consumption: 2, cost: 400 });
  await createInvoice(db, m2, { from: '2025-10-01', till: '2025-10-31', consumption: 2.5, cost: 500 });
  await createInvoice(db, m3, { from: '2026-10-01', till: '2026-10-31', consumption: 100, cost: 250 });
  await createInvoice(db, m3, { from: '2025-10-01', till: '2025-10-31', consumption: 90, cost: 225 });
  // A check meter inside the depot supply: it has facts of its own but stays out of every total.
  const check = await createMeter(db, depot, {
    localName: 'Depot check meter',
    metlvlId: 2,
    meterType: 8,
    ...kwh,
  });
  await createInvoice(db, check, { from: '2026-10-01', till: '2026-10-31', consumption: 700, cost: 0 });
  // A meter whose October invoice has not arrived is not a -100% decrease.
  const late = await createMeter(db, office, { localName: 'Office annex', ...kwh });
  await createInvoice(db, late, { from: '2025-10-01', till: '2025-10-31', consumption: 900, cost: 180 });
  ids.check = check.id;
  await recomputeFacts(db, [m1.id, m2.id, m3.id, check.id, late.id], '2026-11-21');

  await createMember(db, org.id, { loginId: 'watcher', accessId: 4 });
  const narrowed = await createMember(db, org.id, { loginId: 'narrowed', accessId: 4 });
  await grantRight(db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: m2.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  for (const k of ['watcher', 'narrowed', 'outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.app.inject({ url, headers: bearer(tokens[who] ?? '') });

describe('dashboard figures', () => {
  it('monthly savings: last complete month against a year earlier, for each measure', async () => {
    expect((await get('watcher', '/api/dashboard/monthly-savings-cons')).json()).toEqual({
      cons1: 5100,
      cons2: 5880,
      month: 10,
      year1: 2026,
      year2: 2025,
      unit: 'kWh',
      incomplete: false,
      missing: { recent: false, earlier: false },
      editions: [],
      basis: 'restated',
      restatements: [],
    });
    expect((await get('watcher', '/api/dashboard/monthly-savings-cost')).json()).toMatchObject({
      cons1: 1270,
      cons2: 1401,
      unit: '$',
    });
    expect((await get('watcher', '/api/dashboard/monthly-savings-co2e')).json()).toMatchObject({
      cons1: 591,
      cons2: 673.8,
      unit: 'kg CO2e',
    });
  });

  it('yearly comparison: the current calendar year against the one before, future months named', async () => {
    const res = (await get('watcher', '/api/dashboard/yearly-comparison-cons')).json();
    expect(res.months).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(res.data[0]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1000, 5100, 0, 0]);
    expect(res.data[1]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 5880, 1500, 0]);
    expect(res.seriesLabels).toEqual(['2026', '2025']);
    expect(res.incompleteMonths).toEqual(['2026-09']);
    expect(res.futureMonths).toEqual(['2026-11', '2026-12']);
    const cost = (await get('watcher', '/api/dashboard/yearly-comparison-cost')).json();
    expect(cost.data[0][9]).toBe(1270);
    expect(cost.unit).toBe('$');
    const co2e = (await get('watcher', '/api/dashboard/yearly-comparison-co2e')).json();
    expect(co2e.data[1][10]).toBe(165);
  });

  it('yearly comparison follows the reporting year end: government and commercial financial years', async () => {
    await t.db.execute(`update organisations set reporting_year_end = 6 where id = ${org.id}`);
    const jul = (await get('watcher', '/api/dashboard/yearly-comparison-cons')).json();
    expect(jul.months[0]).toBe('2026-07');
    expect(jul.months[11]).toBe('2027-06');
    expect(jul.data[0]).toEqual([0, 0, 1000, 5100, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(jul.data[1]).toEqual([0, 0, 0, 5880, 1500, 0, 0, 0, 0, 0, 0, 0]);
    expect(jul.seriesLabels).toEqual(['FY 2026/27', 'FY 2025/26']);
    expect(jul.futureMonths).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
    ]);
    await t.db.execute(`update organisations set reporting_year_end = 3 where id = ${org.id}`);
    const apr = (await get('watcher', '/api/dashboard/yearly-comparison-cons')).json();
    expect(apr.months[0]).toBe('2026-04');
    expect(apr.seriesLabels).toEqual(['FY 2026/27', 'FY 2025/26']);
    expect(apr.data[0][6]).toBe(5100);
    await t.db.execute(`update organisations set reporting_year_end = 12 where id = ${org.id}`);
    // Monthly savings stays the last complete month against a year earlier, whatever the year end.
    expect((await get('watcher', '/api/dashboard/monthly-savings-cons')).json()).toMatchObject({
      cons1: 5100,
      cons2: 5880,
    });
  });

  it('gainers and losers: percentage change per energy meter (water is not compared beside kWh)', async () => {
    expect((await get('watcher', '/api/dashboard/gainers-and-losers')).json()).toEqual({
      month: 10,
      year: 2026,
      gainers: [{ id: ids.m1, displayName: 'Depot supply (Depot)', percentage: 25 }],
      losers: [{ id: ids.m2, displayName: 'Office supply (Office)', percentage: -20 }],
    });
  });

  it('leaves out meters an advanced right hides from the caller', async () => {
    expect((await get('narrowed', '/api/dashboard/monthly-savings-cons')).json()).toMatchObject({
      cons1: 3100,
      cons2: 3380,
    });
    const movers = (await get('narrowed', '/api/dashboard/gainers-and-losers')).json();
    expect(movers.losers).toEqual([]);
  });

  it('refuses another organisation and an unknown measure', async () => {
    const theirs = (await get('outsider', '/api/dashboard/monthly-savings-cons')).json();
    expect(theirs).toMatchObject({ cons1: 0, cons2: 0 });
    expect(
      (await get('outsider', `/api/organisations/${org.id}/sites-consumption/cons/202610`)).statusCode,
    ).toBe(403);
    expect((await get('watcher', '/api/dashboard/monthly-savings-watts')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/dashboard/gainers-and-losers' })).statusCode).toBe(401);
  });
});

describe('per-month lists', () => {
  it('answers figures per site and per meter for a month', async () => {
    const sites = (await get('watcher', `/api/organisations/${org.id}/sites-consumption/cons/202610`)).json();
    expect(sites).toEqual({
      consumption: { [ids.depot ?? 0]: 3100, [ids.office ?? 0]: 2000 },
      unavailable: [],
      cantUseCache: false,
      editions: [],
    });
    const meters = (
      await get('watcher', `/api/organisations/${org.id}/data-sources-consumption/cost/202610`)
    ).json();
    // A meter list shows each meter's own figures, the check meter's too (it has no cost of its own).
    expect(meters.consumption).toEqual({
      [ids.m1 ?? 0]: 620,
      [ids.m2 ?? 0]: 400,
      [ids.m3 ?? 0]: 250,
      [ids.check ?? 0]: 0,
    });
    const co2 = (await get('watcher', `/api/organisations/${org.id}/meters-consumption/co2/202610`)).json();
    expect(co2.consumption[ids.m3 ?? 0]).toBe(30);
  });

  it('names meters being recomputed as unavailable', async () => {
    await t.db.execute(
      `insert into ledger_pending (meter_id, organisation_id) values (${ids.m1}, ${org.id})`,
    );
    const meters = (
      await get('watcher', `/api/organisations/${org.id}/meters-consumption/cons/202610?cantUseCache=true`)
    ).json();
    expect(meters.unavailable).toEqual([ids.m1]);
    expect(meters.cantUseCache).toBe(true);
    expect(meters.consumption[ids.m1 ?? 0]).toBeUndefined();
    const sites = (await get('watcher', `/api/organisations/${org.id}/sites-consumption/cons/202610`)).json();
    expect(sites.unavailable).toEqual([ids.depot]);
    await t.db.execute('delete from ledger_pending');
  });

  it('refuses a malformed month', async () => {
    const res = await get('watcher', `/api/organisations/${org.id}/sites-consumption/cons/2026-10`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Month must be yyyyMM');
  });
});
