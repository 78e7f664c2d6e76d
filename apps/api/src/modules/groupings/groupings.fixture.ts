import { createGroup, createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { assetGroupMembers, assetGroups, groupings } from '@verdant/db/schema/groups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The world of the groupings tests (docs/decisions/tooling.md, A test file's world in a fixture module).
 * Today is 21 November 2026: the last twelve complete months run November 2025 to October 2026. Depot's supply
 * meter has 3100 kWh, $620 in October 2026 (counted) and 2480 kWh in October 2025 (outside the twelve months);
 * its electricity emits 0.1 kg CO2e a kWh, so October 2026 is 310 kg. Office and Library have no meters.
 */

export let t: TestApp;
export let org: { id: number };
export const ids: Record<string, number> = {};
export const tokens: Record<string, string> = {};

/** Registers the world's set-up and tear-down in the calling test file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
    const db = t.db;
    await seedReferenceData(db);
    await db.execute(
      sql`insert into energy_reporting_groups (id, name, sort_order) values (1, 'Stationary energy', 1) on conflict do nothing`,
    );
    org = await createOrganisation(db, { name: 'Groupings Org' });
    const other = await createOrganisation(db, { name: 'Other Groupings Org' });
    const source = await createFactorSource(db);
    const electricity = await createDataType(db, { name: 'Electricity', reportingGroupId: 1 });
    await createFactor(db, {
      dataTypeId: electricity.id,
      sourceId: source.id,
      scope: 2,
      rate: 0.1,
      startDate: '2020-01-01',
    });
    const depot = await createSite(db, org.id, { name: 'Depot', siteOpen: '2010-01-01' });
    const office = await createSite(db, org.id, { name: 'Office', siteOpen: '2010-01-01' });
    const library = await createSite(db, org.id, { name: 'Library', siteOpen: '2010-01-01' });
    const supply = await createMeter(db, depot, {
      localName: 'Depot supply',
      account: 'ACC-1',
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
    });
    await createInvoice(db, supply, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
    await createInvoice(db, supply, { from: '2025-10-01', till: '2025-10-31', consumption: 2480, cost: 496 });
    await recomputeFacts(db, [supply.id], '2026-11-21');
    const theirs = await createGroup(db, other.id, 'site', 'Theirs');
    const theirSite = await createSite(db, other.id, { name: 'Their depot' });
    Object.assign(ids, {
      theirSite: theirSite.id,
      depot: depot.id,
      office: office.id,
      library: library.id,
      supply: supply.id,
      theirs: theirs.id,
    });
    await createMember(db, org.id, { loginId: 'g.admin', accessId: 2, admin: true });
    await createMember(db, org.id, { loginId: 'g.general', accessId: 3 });
    await createMember(db, org.id, { loginId: 'g.observer', accessId: 4 });
    const advanced = await createMember(db, org.id, { loginId: 'g.advanced', accessId: 4 });
    ids.advanced = advanced.id;
    await createMember(db, other.id, { loginId: 'g.outsider', accessId: 2, admin: true });
    for (const k of ['g.admin', 'g.general', 'g.observer', 'g.advanced', 'g.outsider'])
      tokens[k] = await t.login(k);
  });
  afterAll(async () => {
    await t.close();
  });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const call = (who: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
export const ok = async (who: string, method: Method, url: string, payload?: object) => {
  const res = await call(who, method, url, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
export const count = async () =>
  JSON.stringify([
    (await t.db.select().from(groupings)).length,
    (await t.db.select().from(assetGroups)).length,
    await t.db.select().from(assetGroupMembers),
  ]);
