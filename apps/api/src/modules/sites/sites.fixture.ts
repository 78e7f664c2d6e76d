import { createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { meterAlerts } from '@verdant/db/schema/alerts';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Today is 21 November 2026 (last complete month October 2026). Depot has a supply meter (3100 kWh, $620
 * in October 2026; 2480 kWh, $496 in October 2025) and a check meter (700 kWh) that never counts in totals.
 * Office has no meters. Old Mill closed in 2024.
 */
export let t: TestApp;
export let org: { id: number };
export let other: { id: number };
export const ids: Record<string, number> = {};
export const tokens: Record<string, string> = {};
const TODAY = new Date('2026-11-21T10:00:00Z');
let now = TODAY;
/** Moves the app's clock for one test (undefined: back to 21 November 2026). */
export const setNow = (instant?: Date) => {
  now = instant ?? TODAY;
};

export const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
export const get = (who: string, url: string) => call(who, 'GET', url);

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    const db = t.db;
    await seedReferenceData(db);
    org = await createOrganisation(db, { name: 'Sites Org' });
    other = await createOrganisation(db, { name: 'Other Org' });
    const source = await createFactorSource(db);
    const electricity = await createDataType(db, { name: 'Electricity' });
    await createFactor(db, {
      dataTypeId: electricity.id,
      sourceId: source.id,
      scope: 2,
      rate: 0.1,
      startDate: '2020-01-01',
    });
    const depot = await createSite(db, org.id, { name: 'Depot', regionId: 9, siteOpen: '2010-01-01' });
    const office = await createSite(db, org.id, { name: 'Office', siteOpen: '2015-06-01' });
    const mill = await createSite(db, org.id, {
      name: 'Old Mill',
      siteOpen: '2001-01-01',
      siteClose: '2024-03-31',
    });
    const theirs = await createSite(db, other.id, { name: 'Their Site' });
    Object.assign(ids, { depot: depot.id, office: office.id, mill: mill.id, theirs: theirs.id });
    const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
    const supply = await createMeter(db, depot, { localName: 'Depot supply', ...kwh });
    const check = await createMeter(db, depot, {
      localName: 'Depot check',
      metlvlId: 2,
      meterType: 8,
      ...kwh,
    });
    await createInvoice(db, supply, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
    await createInvoice(db, supply, { from: '2025-10-01', till: '2025-10-31', consumption: 2480, cost: 496 });
    await createInvoice(db, check, { from: '2026-10-01', till: '2026-10-31', consumption: 700, cost: 0 });
    await recomputeFacts(db, [supply.id, check.id], '2026-11-21');
    // Depot's pending alerts: 3 (two on the supply, one on the check meter); a scheduled one does not count.
    const alert = (m: { id: number }, status = 'pending') => ({
      organisationId: org.id,
      meterId: m.id,
      message: 'Consumption up 40%',
      alertDate: '2026-10-31',
      status,
    });
    await db
      .insert(meterAlerts)
      .values([alert(supply), alert(supply), alert(check), alert(supply, 'scheduled')]);
    const depots = await createGroup(db, org.id, 'site', 'Depots', [depot.id]);
    const regional = await createGroup(db, org.id, 'site', 'Regional');
    const sourceGroup = await createGroup(db, org.id, 'meter', 'Sources');
    const foreignGroup = await createGroup(db, other.id, 'site', 'Foreign');
    Object.assign(ids, {
      depots: depots.id,
      regional: regional.id,
      sourceGroup: sourceGroup.id,
      foreignGroup: foreignGroup.id,
    });

    await createMember(db, org.id, { loginId: 'editor', accessId: 3 });
    await createMember(db, org.id, { loginId: 'watcher', accessId: 4 });
    const narrowed = await createMember(db, org.id, { loginId: 'narrowed', accessId: 3 });
    await grantRight(db, {
      userId: narrowed.id,
      organisationId: org.id,
      assetType: 'site',
      assetId: office.id,
      rightId: -1,
    });
    await grantRight(db, {
      userId: narrowed.id,
      organisationId: org.id,
      assetType: 'site',
      assetId: depot.id,
      rightId: 4,
    });
    await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
    for (const k of ['editor', 'watcher', 'narrowed', 'outsider']) tokens[k] = await t.login(k);
  });
  afterAll(() => t.close());
}
