import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { icpWithChecksum } from '@verdant/domain/meter-creation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Meters Org has Depot (open) and Old Mill (closed 31/03/2024); Other Org has Their Site and its own meter
 * with ICP A. Electricity (kWh, MWh), Natural gas (kWh), Water supply and Wastewater (m3) are global; Other Org
 * has its own data type 'Their steam'.
 */
export let t: TestApp;
export let org: { id: number };
export let other: { id: number };
export const ids: Record<string, number> = {};
export const tokens: Record<string, string> = {};
export const ICP_A = icpWithChecksum('0000012345NT');
export const ICP_B = icpWithChecksum('0001427780UN');

export const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });

export const electricityMeter = (over: Record<string, unknown> = {}) => ({
  name: 'Depot main supply',
  icp: ICP_B,
  site: ids.depot,
  energy: ids.electricity,
  unit: ids.kwh,
  outputUnit: ids.mwh,
  level: 'STANDARD',
  meterType: 1,
  landlord: null,
  reporting: 'ORGANISATION',
  openDate: '2026-02-01',
  retailer: 4,
  nonMainland: false,
  nonRetailer: false,
  ...over,
});

export const counts = async () => {
  const [m] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from meters`)).rows;
  const [a] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events`)).rows;
  return { meters: m?.n, audit: a?.n };
};

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db;
    org = await createOrganisation(db, { name: 'Meters Org' });
    other = await createOrganisation(db, { name: 'Other Org' });
    const electricity = await createDataType(db, { name: 'Electricity', grouping: 'Electricity' }, [
      { name: 'MWh', conversionToStandard: 1000 },
    ]);
    const gas = await createDataType(db, { name: 'Natural gas', grouping: 'Natural gas' });
    const water = await createDataType(db, {
      name: 'Water supply',
      grouping: 'Water',
      typeId: 2,
      stdUnit: 'm3',
      standardisedUnit: 'volume',
    });
    await createDataType(db, {
      name: 'Wastewater',
      grouping: 'Water',
      typeId: 2,
      stdUnit: 'm3',
      standardisedUnit: 'volume',
    });
    const retired = await createDataType(db, { name: 'Old coal', grouping: 'Coal', retired: true });
    const theirs = await createDataType(db, {
      name: 'Their steam',
      grouping: 'Steam',
      organisationId: other.id,
    });
    const depot = await createSite(db, org.id, { name: 'Depot', siteOpen: '2010-01-01' });
    const mill = await createSite(db, org.id, {
      name: 'Old Mill',
      siteOpen: '2001-01-01',
      siteClose: '2024-03-31',
    });
    const theirSite = await createSite(db, other.id, { name: 'Their Site' });
    await createMeter(db, theirSite, { localName: 'Their supply', energyId: electricity.id, account: ICP_A });
    Object.assign(ids, {
      electricity: electricity.id,
      kwh: electricity.stdUnitId,
      mwh: electricity.units.MWh?.id,
      gas: gas.id,
      gasKwh: gas.stdUnitId,
      water: water.id,
      m3: water.stdUnitId,
      retired: retired.id,
      theirs: theirs.id,
      depot: depot.id,
      mill: mill.id,
      theirSite: theirSite.id,
    });
    await createMember(db, org.id, { loginId: 'admin', accessId: 4, admin: true });
    await createMember(db, org.id, { loginId: 'editor', accessId: 3 });
    await createMember(db, org.id, { loginId: 'observer', accessId: 4 });
    const narrowed = await createMember(db, org.id, { loginId: 'narrowed', accessId: 3 });
    await grantRight(db, {
      userId: narrowed.id,
      organisationId: org.id,
      assetType: 'site',
      assetId: depot.id,
      rightId: 4,
    });
    const barred = await createMember(db, org.id, { loginId: 'barred', accessId: 3 });
    await grantRight(db, {
      userId: barred.id,
      organisationId: org.id,
      assetType: 'site',
      assetId: depot.id,
      rightId: -1,
    });
    await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
    for (const k of ['admin', 'editor', 'observer', 'narrowed', 'barred', 'outsider'])
      tokens[k] = await t.login(k);
  });
  afterAll(() => t.close());
}
