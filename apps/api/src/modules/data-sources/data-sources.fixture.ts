import { createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { meterAlerts } from '@verdant/db/schema/alerts';
import { groupings } from '@verdant/db/schema/groups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { MailMessage } from '../../lib/mail';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Today is 21 November 2026 (last complete month October 2026). Depot has Depot supply (3100 kWh, $620 in
 * October 2026, account ICP-DEPOT) and Depot check (700 kWh); Office has Office supply (1000 kWh, $210) and a
 * water meter (50 m3, $120). Their Site (another organisation) has Their meter.
 */
export let t: TestApp;
export let org: { id: number };
export let other: { id: number };
export const ids: Record<string, number> = {};
export const tokens: Record<string, string> = {};
export const sent: MailMessage[] = [];

export const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
export const list = (who: string, query = '') =>
  call(who, 'GET', `/api/organisations/${org.id}/data-sources?${query}`);
export const names = async (who: string, query = '') =>
  (await list(who, query)).json().rows.map((r: { name: string }) => r.name);

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => new Date('2026-11-21T10:00:00Z'),
      mailer: { send: async (m) => void sent.push(m) },
    });
    const db = t.db;
    org = await createOrganisation(db, { name: 'Sources Org' });
    other = await createOrganisation(db, { name: 'Other Org' });
    const source = await createFactorSource(db);
    const electricity = await createDataType(db, { name: 'Electricity' });
    const water = await createDataType(db, { name: 'Water', typeId: 2, stdUnit: 'm3', grouping: 'Water' });
    await createFactor(db, {
      dataTypeId: electricity.id,
      sourceId: source.id,
      scope: 2,
      rate: 0.1,
      startDate: '2020-01-01',
    });
    const depot = await createSite(db, org.id, { name: 'Depot' });
    const office = await createSite(db, org.id, { name: 'Office' });
    const theirs = await createSite(db, other.id, { name: 'Their Site' });
    const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2020-01-01' };
    const supply = await createMeter(db, depot, {
      localName: 'Depot supply',
      account: 'ICP-DEPOT',
      meterType: 1,
      ...kwh,
    });
    const check = await createMeter(db, depot, {
      localName: 'Depot check',
      metlvlId: 2,
      meterType: 8,
      ...kwh,
    });
    const officeSupply = await createMeter(db, office, {
      localName: 'Office supply',
      ...kwh,
      meterClose: '2027-06-30',
    });
    const officeWater = await createMeter(db, office, {
      localName: 'Office water',
      energyId: water.id,
      unitId: water.stdUnitId,
      meterOpen: '2020-01-01',
    });
    const theirMeter = await createMeter(db, theirs, { localName: 'Their meter', ...kwh });
    Object.assign(ids, {
      depot: depot.id,
      office: office.id,
      supply: supply.id,
      check: check.id,
      officeSupply: officeSupply.id,
      officeWater: officeWater.id,
      theirMeter: theirMeter.id,
    });
    const oct = { from: '2026-10-01', till: '2026-10-31' };
    await createInvoice(db, supply, { ...oct, consumption: 3100, cost: 620 });
    await createInvoice(db, supply, { from: '2026-09-01', till: '2026-09-30', consumption: 2900, cost: 580 });
    await createInvoice(db, check, { ...oct, consumption: 700, cost: 0 });
    await createInvoice(db, officeSupply, { ...oct, consumption: 1000, cost: 210 });
    await createInvoice(db, officeWater, { ...oct, consumption: 50, cost: 120 });
    await recomputeFacts(db, [supply.id, check.id, officeSupply.id, officeWater.id], '2026-11-21');

    const [grouping] = await db
      .insert(groupings)
      .values({ organisationId: org.id, memberType: 'meter', name: 'Cost centre' })
      .returning();
    ids.grouping = grouping?.id ?? 0;
    await db.execute(sql`insert into asset_groups (organisation_id, member_type, name, grouping_id)
      values (${org.id}, 'meter', 'Operations', ${ids.grouping})`);
    const ops = await db.execute<{ id: number }>(sql`select id from asset_groups where name = 'Operations'`);
    ids.operations = ops.rows[0]?.id ?? 0;
    await db.execute(sql`insert into asset_group_members (organisation_id, group_id, asset_id)
      values (${org.id}, ${ids.operations}, ${supply.id})`);
    await createGroup(db, org.id, 'meter', 'Loose');

    const alerts = await db
      .insert(meterAlerts)
      .values([
        {
          organisationId: org.id,
          meterId: supply.id,
          message: 'Consumption 25% above last year',
          alertDate: '2026-10-31',
        },
        { organisationId: org.id, meterId: supply.id, message: 'Invoice missing', alertDate: '2026-09-30' },
        {
          organisationId: org.id,
          meterId: officeSupply.id,
          message: 'Tariff rate changed',
          alertDate: '2026-10-31',
        },
        { organisationId: other.id, meterId: theirMeter.id, message: 'Theirs', alertDate: '2026-10-31' },
      ])
      .returning();
    Object.assign(ids, {
      alertA: alerts[0]?.id,
      alertB: alerts[1]?.id,
      alertC: alerts[2]?.id,
      alertTheirs: alerts[3]?.id,
    });

    await createMember(db, org.id, { loginId: 'boss', accessId: 2, admin: true, email: 'boss@sources.test' });
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
    await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
    await createUser(db, { loginId: 'root', productAdmin: true });
    for (const k of ['boss', 'editor', 'watcher', 'narrowed', 'outsider', 'root'])
      tokens[k] = await t.login(k);
  });
  afterAll(() => t.close());
}
