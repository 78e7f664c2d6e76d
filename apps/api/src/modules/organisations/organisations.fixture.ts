import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { meterAlerts } from '@verdant/db/schema/alerts';
import { afterAll, beforeAll } from 'vitest';
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

export let t: TestApp;
export let org: { id: number; name: string };
export let other: { id: number };
export const ids: Record<string, number> = {};
export const tokens: Record<string, string> = {};

export const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });

export const current = async () => (await call('boss', 'GET', `/api/organisations/${org.id}`)).json();
/** The whole editable set of the organisation with one change, as the inline editor sends it. */
export const withChange = async (change: object) => {
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
export const put = async (who: string, change: object) =>
  call(who, 'PUT', `/api/organisations/${org.id}`, await withChange(change));

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
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
}
