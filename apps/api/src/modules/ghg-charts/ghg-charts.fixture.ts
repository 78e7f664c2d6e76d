import { createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { groupings } from '@verdant/db/schema/groups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The world of the GHG chart tests (docs/decisions/tooling.md, A test file's world in a fixture module): North and
 * South sites with North supply, North gas and South supply, January to March 2025, the Divisions and Regions
 * groupings, and people who see all, some or none of it; its figures are worked by hand in ./ghg-charts.test.ts.
 */

export let t: TestApp;
export const ids: Record<string, number> = {};
export const tokens: Record<string, string> = {};

/** Registers the world's set-up and tear-down in the calling test file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
    const db = t.db;
    const org = await createOrganisation(db, { name: 'GHG Org' });
    const other = await createOrganisation(db, { name: 'Other GHG Org' });
    const source = await createFactorSource(db);
    const electricity = await createDataType(db, { name: 'Electricity', grouping: 'Electricity' });
    const gas = await createDataType(db, { name: 'Natural gas', grouping: 'Natural gas' });
    const factor = { sourceId: source.id, startDate: '2020-01-01' };
    await createFactor(db, { ...factor, dataTypeId: electricity.id, scope: 2, rate: 0.1 });
    await createFactor(db, {
      ...factor,
      dataTypeId: electricity.id,
      scope: 2,
      rate: 0.12,
      startDate: '2025-03-01',
      scope2Basis: 'residual-mix',
    });
    await createFactor(db, { ...factor, dataTypeId: electricity.id, scope: 3, rate: 0.01 });
    await createFactor(db, { ...factor, dataTypeId: gas.id, scope: 1, rate: 0.2 });
    const north = await createSite(db, org.id, { name: 'North' });
    const south = await createSite(db, org.id, { name: 'South' });
    const open = { meterOpen: '2024-01-01' };
    const northSupply = await createMeter(db, north, {
      ...open,
      localName: 'North supply',
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
    });
    const southSupply = await createMeter(db, south, {
      ...open,
      localName: 'South supply',
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
    });
    const northGas = await createMeter(db, north, {
      ...open,
      localName: 'North gas',
      energyId: gas.id,
      unitId: gas.stdUnitId,
    });
    const months = [
      ['2025-01-01', '2025-01-31'],
      ['2025-02-01', '2025-02-28'],
      ['2025-03-01', '2025-03-31'],
    ] as const;
    for (const [i, [from, till]] of months.entries()) {
      await createInvoice(db, northSupply, { from, till, consumption: [3100, 2800, 3100][i] ?? 0, cost: 1 });
      await createInvoice(db, southSupply, {
        from,
        till,
        consumption: [6200, 5600, 6200][i] ?? 0,
        cost: 1,
        estimated: i === 2,
      });
      if (i < 2) await createInvoice(db, northGas, { from, till, consumption: 1000, cost: 1 });
    }
    await recomputeFacts(db, [northSupply.id, southSupply.id, northGas.id], '2026-11-21');

    const [divisions] = await db
      .insert(groupings)
      .values({ organisationId: org.id, memberType: 'site', name: 'Divisions', controlled: true })
      .returning();
    const [regions] = await db
      .insert(groupings)
      .values({ organisationId: org.id, memberType: 'meter', name: 'Regions', controlled: true })
      .returning();
    const [theirs] = await db
      .insert(groupings)
      .values({ organisationId: other.id, memberType: 'site', name: 'Secret grouping', controlled: true })
      .returning();
    const inGrouping = async (group: { id: number }, groupingId: number) =>
      db.execute(sql`update asset_groups set grouping_id = ${groupingId} where id = ${group.id}`);
    await inGrouping(await createGroup(db, org.id, 'site', 'Corporate', [north.id]), divisions?.id ?? 0);
    await inGrouping(await createGroup(db, org.id, 'site', 'Community', [south.id]), divisions?.id ?? 0);
    await inGrouping(
      await createGroup(db, org.id, 'meter', 'Upper', [northSupply.id, northGas.id]),
      regions?.id ?? 0,
    );
    Object.assign(ids, {
      org: org.id,
      south: south.id,
      northGas: northGas.id,
      divisions: divisions?.id ?? 0,
      regions: regions?.id ?? 0,
      theirs: theirs?.id ?? 0,
    });
    await createMember(db, org.id, { loginId: 'ghg.admin', accessId: 2, admin: true });
    await createMember(db, org.id, { loginId: 'ghg.observer', accessId: 4 });
    const narrow = await createMember(db, org.id, { loginId: 'ghg.narrow', accessId: 3 });
    await grantRight(db, {
      userId: narrow.id,
      organisationId: org.id,
      assetType: 'site',
      assetId: south.id,
      rightId: -1,
    });
    await createMember(db, other.id, { loginId: 'ghg.outsider', accessId: 2, admin: true });
    for (const k of ['ghg.admin', 'ghg.observer', 'ghg.narrow', 'ghg.outsider']) tokens[k] = await t.login(k);
  });
  afterAll(async () => {
    await t.close();
  });
}

export const RANGE = 'from=2025-01&to=2025-03';
export const call = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(tokens[who] ?? '') });
export const ok = async (who: string, url: string) => {
  const res = await call(who, url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
/** The whole-kg scopes and total of a row, and its completeness. */
export const figures = (r: {
  scope1: number;
  scope2: number;
  scope2Market: number;
  scope3: number;
  total: number;
}) => [r.scope1, r.scope2, r.scope2Market, r.scope3, r.total];
