import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { factorSourceReach } from '@verdant/db/ledger/factor-source-reach';
import { rebuildLedger } from '@verdant/db/ledger/rebuild';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { meterAlerts } from '@verdant/db/schema/alerts';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Today is 21 November 2026. Electricity carries 0.1 kg/kWh scope 2 and 0.01 scope 3 under the default
 * source and 0.5 kg/kWh scope 2 under the organisation's own source; gas 0.2 kg/kWh scope 1.
 *
 *   site     meter                October 2026
 *   Depot    Depot supply         3000 kWh electricity  $600    co2e 3000 x 0.11 = 330 (s2 300, s3 30)
 *   Depot    Depot check          500 kWh (check meter: never in a total)
 *   Office   Office supply        1000 kWh electricity  $900    co2e 110 (s2 100, s3 10)
 *   Office   Office gas           2000 kWh gas          $100    co2e 400 (s1 400)
 *   Office   Office water         50 m3 water (not energy: no kWh)  $50  co2e 0
 *
 * Consumption: Depot 3000, Office 3000 (1000 + 2000); Depot first on name. Cost: Office 1050, Depot 600.
 * Emissions: Office 510 (s1 400, s2 100, s3 10), Depot 330.
 * With the own source (0.5 electricity scope 2; the other scopes still from the default source):
 * Depot 1500 + 30 = 1530, Office 500 + 10 + 400 = 910.
 */

let t: TestApp;
let org: { id: number; name: string };
let other: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z'), jobs: true });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Riverside Council' });
  other = await createOrganisation(db, { name: 'Harbour Trust' });
  await createOrganisation(db, { name: 'Old Mill Ltd', statusId: 3 });
  const source = await createFactorSource(db, { name: 'National factors' });
  const own = await createFactorSource(db, {
    name: 'Riverside own',
    isDefault: false,
    organisationId: org.id,
  });
  const theirs = await createFactorSource(db, {
    name: 'Harbour own',
    isDefault: false,
    organisationId: other.id,
  });
  Object.assign(ids, { source: source.id, own: own.id, theirs: theirs.id });
  const electricity = await createDataType(db, { name: 'Electricity' });
  const gas = await createDataType(db, { name: 'Natural gas' });
  const water = await createDataType(db, {
    name: 'Water',
    typeId: 2,
    stdUnit: 'm3',
    standardisedUnit: 'volume',
  });
  const factor = (dataTypeId: number, sourceId: number, scope: number, rate: number) =>
    createFactor(db, { dataTypeId, sourceId, scope, rate, startDate: '2020-01-01' });
  await factor(electricity.id, source.id, 2, 0.1);
  await factor(electricity.id, source.id, 3, 0.01);
  await factor(gas.id, source.id, 1, 0.2);
  await factor(electricity.id, own.id, 2, 0.5);

  const depot = await createSite(db, org.id, { name: 'Depot' });
  const office = await createSite(db, org.id, { name: 'Office' });
  await createSite(db, other.id, { name: 'Harbour wharf' });
  Object.assign(ids, { depot: depot.id, office: office.id, electricity: electricity.id });
  const meter = async (site: typeof depot, localName: string, type: typeof electricity, extra = {}) =>
    createMeter(db, site, { localName, energyId: type.id, unitId: type.stdUnitId, ...extra });
  const oct = { from: '2026-10-01', till: '2026-10-31' };
  const m1 = await meter(depot, 'Depot supply', electricity);
  const check = await meter(depot, 'Depot check', electricity, { metlvlId: 2, meterType: 8 });
  const m2 = await meter(office, 'Office supply', electricity);
  const m3 = await meter(office, 'Office gas', gas);
  const m4 = await meter(office, 'Office water', water);
  await createInvoice(db, m1, { ...oct, consumption: 3000, cost: 600 });
  await createInvoice(db, check, { ...oct, consumption: 500, cost: 0 });
  await createInvoice(db, m2, { ...oct, consumption: 1000, cost: 900 });
  await createInvoice(db, m3, { ...oct, consumption: 2000, cost: 100 });
  await createInvoice(db, m4, { ...oct, consumption: 50, cost: 50 });
  await recomputeFacts(db, [m1.id, check.id, m2.id, m3.id, m4.id], '2026-11-21');
  // Pending alerts: Office 2 (on two meters), Depot 1; a deleted and a sent one do not count.
  const alert = (m: { id: number }, status = 'pending') => ({
    organisationId: org.id,
    meterId: m.id,
    message: 'Consumption up 40%',
    alertDate: '2026-10-31',
    status,
  });
  await db
    .insert(meterAlerts)
    .values([alert(m2), alert(m3), alert(m1), alert(m1, 'deleted'), alert(m4, 'sent')]);

  await createMember(db, org.id, { loginId: 'boss', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'editor', accessId: 2 });
  await createMember(db, org.id, { loginId: 'watcher', accessId: 4 });
  await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  await createUser(db, { loginId: 'root', productAdmin: true });
  for (const k of ['boss', 'editor', 'watcher', 'outsider', 'root']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const current = async () => (await call('boss', 'GET', `/api/organisations/${org.id}`)).json();
/** The whole editable set of the organisation with one change, as the inline editor sends it. */
const withChange = async (change: object) => {
  const o = await current();
  return {
    name: o.name,
    orgtypeId: o.orgtypeId,
    countryId: o.countryId,
    orgAddress1: o.orgAddress1,
    orgAddress2: o.orgAddress2,
    orgAddress3: o.orgAddress3,
    compReportEmail: o.compReportEmail,
    alertEmail: o.alertEmail,
    poNumber: o.poNumber,
    dataPoNumber: o.dataPoNumber,
    lastYearProductPo: o.lastYearProductPo,
    lastYearDataloadingPo: o.lastYearDataloadingPo,
    subscriptionExpiry: o.subscriptionExpiry,
    finrepId: o.finrepId,
    reportingUnitId: o.reportingUnitId,
    loadId: o.loadId,
    graphingOrder: o.graphingOrder,
    emissionFactorDataSourceId: o.emissionFactorDataSourceId,
    reportingYearEnd: o.reportingYearEnd,
    ...change,
  };
};
const put = async (who: string, change: object) =>
  call(who, 'PUT', `/api/organisations/${org.id}`, await withChange(change));

describe('organisation details', () => {
  it('answers the whole organisation to any member, with what they may do', async () => {
    const res = await call('watcher', 'GET', `/api/organisations/${org.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: org.id,
      name: 'Riverside Council',
      statusId: 1,
      finrepId: 2,
      reportingYearEnd: 12,
      alertSettings: null,
      mayEdit: false,
      mayEnable: false,
    });
    expect((await current()).mayEdit).toBe(true);
  });

  it('saves editable fields for an administrator, the subscription expiry clearable', async () => {
    const res = await put('boss', { orgAddress1: '1 River Road', subscriptionExpiry: '2027-06-30' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orgAddress1: '1 River Road', subscriptionExpiry: '2027-06-30' });
    const cleared = await put('boss', { subscriptionExpiry: null });
    expect(cleared.json().subscriptionExpiry).toBeNull();
  });

  it('refuses a name another organisation has, open or closed, and an empty one', async () => {
    const open = await put('boss', { name: 'harbour trust' });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe('An organisation with that name already exists.');
    expect(open.json().fields.name).toEqual(['An organisation with that name already exists.']);
    const closed = await put('boss', { name: 'Old Mill Ltd' });
    expect(closed.json().message).toBe('A closed organisation with that name already exists.');
    const empty = await put('boss', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(MSG.organisationNameRequired);
    expect((await current()).name).toBe('Riverside Council');
    // Its own name in another case is no clash.
    expect((await put('boss', { name: 'Riverside Council' })).statusCode).toBe(200);
  });

  it('takes the reporting year end 12, 3 or 6 only', async () => {
    for (const yearEnd of [6, 3, 12]) {
      expect((await put('boss', { reportingYearEnd: yearEnd })).json().reportingYearEnd).toBe(yearEnd);
    }
    const bad = await put('boss', { reportingYearEnd: 9 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(MSG.reportingYearEndInvalid);
    expect((await current()).reportingYearEnd).toBe(12);
  });

  it('checks email fields', async () => {
    const bad = await put('boss', { alertEmail: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Email address is not valid');
  });

  it('leaves writes to administrators: an editor and an observer only read', async () => {
    expect((await put('editor', { orgAddress2: 'x' })).statusCode).toBe(403);
    expect((await put('watcher', { orgAddress2: 'x' })).statusCode).toBe(403);
    const url = `/api/organisations/${org.id}`;
    expect(
      (await call('watcher', 'PUT', `${url}/settings`, { key: 'estimatesAlertEnabled', value: true }))
        .statusCode,
    ).toBe(403);
    expect((await call('watcher', 'PUT', `${url}/target`, { co2e: 5 })).statusCode).toBe(403);
    expect(
      (
        await call('watcher', 'POST', `${url}/procurement-expiry`, {
          description: 'Gas',
          expiryDate: '2027-01-01',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('watcher', 'POST', `${url}/disable`)).statusCode).toBe(403);
    expect((await current()).orgAddress2).toBeNull();
  });

  it('refuses another organisation, telling nothing', async () => {
    for (const [method, url] of [
      ['GET', `/api/organisations/${org.id}`],
      ['GET', `/api/organisations/${org.id}/procurement-expiry`],
      ['GET', `/api/organisations/${org.id}/factor-sources`],
      ['GET', `/api/organisations/${org.id}/site-cons-list/202610`],
      ['GET', `/api/organisations/${org.id}/emissions-list/202610`],
      ['GET', `/api/organisations/${org.id}/site-alerts-list`],
      ['POST', `/api/organisations/${org.id}/disable`],
    ] as const) {
      const res = await call('outsider', method, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('Riverside');
      expect(res.body).not.toContain('Depot');
    }
    expect((await put('outsider', { orgAddress3: 'theirs' })).statusCode).toBe(403);
    expect((await call('outsider', 'GET', '/api/organisations/999999')).statusCode).toBe(403);
  });
});

describe('GHG reporting settings', () => {
  it('offers the global factor sources and the organisation own, not another organisation', async () => {
    const res = await call('watcher', 'GET', `/api/organisations/${org.id}/factor-sources`);
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(['National factors', 'Riverside own']);
    const theirs = await put('boss', { emissionFactorDataSourceId: ids.theirs });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(MSG.factorSourceUnknown);
  });

  /** What the screens do: ask for the ledger status again until no meter waits. */
  const untilFresh = async () => {
    for (let i = 0; i < 200; i++) {
      const status = (await call('watcher', 'GET', `/api/organisations/${org.id}/ledger-status`)).json();
      if (status.fresh) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the recompute job never caught up');
  };

  it('recomputes the emissions in the background when the factor source changes, and back', async () => {
    const emitters = async () => {
      await untilFresh();
      return (await call('watcher', 'GET', `/api/organisations/${org.id}/emissions-list/202610`)).json()
        .sites;
    };
    expect((await put('boss', { emissionFactorDataSourceId: ids.own })).statusCode).toBe(200);
    expect((await emitters()).map((s: { siteName: string; total: number }) => [s.siteName, s.total])).toEqual(
      [
        ['Depot', 1530],
        ['Office', 910],
      ],
    );
    expect((await put('boss', { emissionFactorDataSourceId: null })).statusCode).toBe(200);
    expect((await emitters())[0]).toMatchObject({ siteName: 'Office', total: 510 });
  });

  it('restates only the periods and data sources the own set’s factors cover', async () => {
    // The own set has one factor, electricity scope 2 from 2020-01-01: the choice reaches back to that day,
    // not to 1900, and only the electricity meters (supply and check), never the gas or water meters.
    expect((await put('boss', { emissionFactorDataSourceId: ids.own })).statusCode).toBe(200);
    const history = await t.db.execute(sql`select effective_from::text as "from", source_id as "source"
      from organisation_factor_sources where organisation_id = ${org.id} order by effective_from`);
    expect(history.rows).toEqual([{ from: '2020-01-01', source: ids.own }]);
    const reach = await factorSourceReach(t.db, org.id, [ids.own ?? 0, ids.source ?? 0]);
    const types = await t.db.execute<{ energy_id: number }>(
      sql`select distinct energy_id from meters where id = any(${sql.param(reach.meterIds)}::int[])`,
    );
    expect(reach).toMatchObject({ from: '2020-01-01' });
    expect(reach.meterIds).toHaveLength(3);
    expect(types.rows).toEqual([{ energy_id: ids.electricity }]);
    expect((await put('boss', { emissionFactorDataSourceId: null })).statusCode).toBe(200);
    await untilFresh();
  });

  it('takes 20 source changes at once while the job recomputes: every answer 200, the facts equal a rebuild', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        put('boss', { emissionFactorDataSourceId: n % 2 ? null : ids.own }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    await untilFresh();
    const report = await rebuildLedger(t.database.pool, { today: '2026-11-21' });
    expect(report.factDifferences).toEqual([]);
    expect(report.rollupDifferences).toEqual([]);
    expect((await put('boss', { emissionFactorDataSourceId: null })).statusCode).toBe(200);
    await untilFresh();
  });

  it('tells members only whether the figures are fresh', async () => {
    expect((await call('watcher', 'GET', `/api/organisations/${org.id}/ledger-status`)).json()).toEqual({
      pendingMeters: 0,
      fresh: true,
    });
    expect((await call('watcher', 'GET', `/api/organisations/${other.id}/ledger-status`)).statusCode).toBe(
      403,
    );
  });
});

describe('alert settings', () => {
  const setting = (who: string, key: string, value: unknown) =>
    call(who, 'PUT', `/api/organisations/${org.id}/settings`, { key, value });

  it('keeps the alert settings as the spec JSON text', async () => {
    await setting('boss', 'estimatesAlertEnabled', true);
    const res = await setting('boss', 'estimatesAlertCount', '3');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.json().alertSettings)).toEqual({
      estimatesAlertEnabled: true,
      estimatesAlertCount: 3,
      nillConsumptionAlertEnabled: false,
      nillConsumptionAlertCount: null,
    });
  });

  it('takes whole-number counts only, and an empty count clears it', async () => {
    for (const value of ['2.5', 'abc', -1, 1.5]) {
      const res = await setting('boss', 'nillConsumptionAlertCount', value);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.alertCountInteger);
      expect(res.json().fields.nillConsumptionAlertCount).toEqual([MSG.alertCountInteger]);
    }
    expect(JSON.parse((await current()).alertSettings).nillConsumptionAlertCount).toBeNull();
    await setting('boss', 'nillConsumptionAlertCount', 4);
    const cleared = await setting('boss', 'estimatesAlertCount', '');
    expect(JSON.parse(cleared.json().alertSettings)).toMatchObject({
      estimatesAlertCount: null,
      nillConsumptionAlertCount: 4,
    });
  });

  it('refuses an unknown setting', async () => {
    const res = await setting('boss', 'logo', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.settingUnknown);
  });
});

describe('targets', () => {
  it('saves the co2e and consumption targets; null clears', async () => {
    const url = `/api/organisations/${org.id}/target`;
    expect((await call('boss', 'PUT', url, { co2e: 120000 })).json().co2eTarget).toBe(120000);
    const cons = (await call('boss', 'PUT', url, { cons: 950000.5 })).json();
    expect(cons).toMatchObject({ co2eTarget: 120000, consTarget: 950000.5 });
    expect((await call('boss', 'PUT', url, { co2e: null })).json().co2eTarget).toBeNull();
    const bad = await call('boss', 'PUT', url, { cons: -1 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(MSG.targetNotNumeric);
    expect((await call('boss', 'PUT', url, {})).statusCode).toBe(400);
  });
});

describe('procurement expiries', () => {
  const url = () => `/api/organisations/${org.id}/procurement-expiry`;

  it('adds, lists (soonest first), changes and deletes', async () => {
    const gas = await call('boss', 'POST', url(), { description: 'Gas supply', expiryDate: '2027-09-30' });
    expect(gas.json()).toMatchObject({ description: 'Gas supply', expiryDate: '2027-09-30', orgId: org.id });
    const power = await call('boss', 'POST', url(), { description: 'Electricity', expiryDate: '2027-03-31' });
    const list = (await call('watcher', 'GET', url())).json();
    expect(list.map((e: { description: string }) => e.description)).toEqual(['Electricity', 'Gas supply']);
    const id = power.json().expiryId;
    const changed = await call('boss', 'PUT', `${url()}/${id}`, {
      description: 'Electricity supply',
      expiryDate: '2028-03-31',
    });
    expect(changed.json()).toMatchObject({ expiryId: id, description: 'Electricity supply' });
    expect((await call('boss', 'DELETE', `${url()}/${id}`)).json()).toEqual({ success: true });
    expect((await call('boss', 'GET', url())).json()).toHaveLength(1);
    expect((await call('boss', 'DELETE', `${url()}/${id}`)).statusCode).toBe(404);
  });

  it('checks the description and the date', async () => {
    const empty = await call('boss', 'POST', url(), { description: ' ', expiryDate: '2027-01-01' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(MSG.procurementDescriptionRequired);
    const long = await call('boss', 'POST', url(), { description: 'x'.repeat(76), expiryDate: '2027-01-01' });
    expect(JSON.stringify(long.json())).toContain(MSG.procurementDescriptionTooLong);
    const date = await call('boss', 'POST', url(), { description: 'Gas', expiryDate: '31/01/2027' });
    expect(JSON.stringify(date.json())).toContain(MSG.procurementDateRequired);
    expect((await call('boss', 'GET', url())).json()).toHaveLength(1);
  });

  it('keeps another organisation away from an expiry', async () => {
    const [first] = (await call('boss', 'GET', url())).json();
    const theirs = `/api/organisations/${other.id}/procurement-expiry/${first.expiryId}`;
    expect((await call('outsider', 'DELETE', theirs)).statusCode).toBe(404);
    expect((await call('boss', 'GET', url())).json()).toHaveLength(1);
  });
});

describe('overview lists', () => {
  const list = async (path: string) =>
    (await call('watcher', 'GET', `/api/organisations/${org.id}/${path}`)).json();
  const pairs = (r: { sites: { siteName: string; value: number }[] }) =>
    r.sites.map((s) => [s.siteName, s.value]);

  it('ranks sites by consumption (kWh only, no check meters), cost and emissions', async () => {
    const cons = await list('site-cons-list/202610');
    expect(cons.unit).toBe('kWh');
    expect(pairs(cons)).toEqual([
      ['Depot', 3000],
      ['Office', 3000],
    ]);
    expect(pairs(await list('site-cost-list/202610'))).toEqual([
      ['Office', 1050],
      ['Depot', 600],
    ]);
    expect(pairs(await list('site-co2e-list/202610'))).toEqual([
      ['Office', 510],
      ['Depot', 330],
    ]);
    expect((await list('site-cons-list/202609')).sites).toEqual([]);
  });

  it('splits the highest emitters by scope', async () => {
    expect((await list('emissions-list/202610')).sites).toEqual([
      { siteId: ids.office, siteName: 'Office', scope1: 400, scope2: 100, scope3: 10, total: 510 },
      { siteId: ids.depot, siteName: 'Depot', scope1: 0, scope2: 300, scope3: 30, total: 330 },
    ]);
  });

  it('ranks sites by their pending alerts, most first', async () => {
    expect(await list('site-alerts-list')).toEqual([
      { siteId: ids.office, siteName: 'Office', alerts: 2 },
      { siteId: ids.depot, siteName: 'Depot', alerts: 1 },
    ]);
  });

  it('refuses a malformed month or measure', async () => {
    const res = await call('watcher', 'GET', `/api/organisations/${org.id}/site-cons-list/2026-10`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Month must be yyyyMM');
    expect(
      (await call('watcher', 'GET', `/api/organisations/${org.id}/site-watts-list/202610`)).statusCode,
    ).toBe(400);
  });
});

describe('adding, disabling and enabling organisations', () => {
  it('lets a product administrator add an organisation with financial reporting 2 by default', async () => {
    const res = await call('root', 'POST', '/api/organisations', { name: 'Lakeside Schools', orgtypeId: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Organisation Lakeside Schools created',
      data: { name: 'Lakeside Schools', orgtypeId: 4, finrepId: 2, statusId: 1, reportingYearEnd: 12 },
    });
    const id = res.json().data.id;
    expect((await call('root', 'PUT', `/api/current-user/organisation/${id}`)).statusCode).toBe(200);
  });

  it('refuses the names already used, open or closed, and anyone but a product administrator', async () => {
    const open = await call('root', 'POST', '/api/organisations', {
      name: 'RIVERSIDE COUNCIL',
      orgtypeId: null,
    });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe('An organisation with that name already exists.');
    const closed = await call('root', 'POST', '/api/organisations', {
      name: 'old mill ltd',
      orgtypeId: null,
    });
    expect(closed.json().message).toBe('A closed organisation with that name already exists.');
    const boss = await call('boss', 'POST', '/api/organisations', { name: 'Boss Org', orgtypeId: null });
    expect(boss.statusCode).toBe(403);
  });

  it('disabling blocks every member; only a product administrator enables it again', async () => {
    const res = await call('boss', 'POST', `/api/organisations/${org.id}/disable`);
    expect(res.json()).toEqual({ success: true, message: 'Riverside Council disabled' });
    expect((await call('boss', 'GET', `/api/organisations/${org.id}`)).statusCode).toBe(403);
    expect((await call('watcher', 'GET', `/api/organisations/${org.id}/site-alerts-list`)).statusCode).toBe(
      403,
    );
    expect((await call('boss', 'POST', `/api/organisations/${org.id}/enable`)).statusCode).toBe(403);
    const admin = await call('root', 'GET', `/api/organisations/${org.id}`);
    expect(admin.json()).toMatchObject({ statusId: 3, mayEnable: true });
    const enabled = await call('root', 'POST', `/api/organisations/${org.id}/enable`);
    expect(enabled.json()).toEqual({ success: true, message: 'Riverside Council enabled' });
    expect((await call('watcher', 'GET', `/api/organisations/${org.id}`)).statusCode).toBe(200);
  });
});
