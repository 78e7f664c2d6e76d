import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { auditEvents } from '@verdant/db/schema/audit';
import {
  meterAlertSettings,
  meterIdentifierLabels,
  meterIdentifiers,
} from '@verdant/db/schema/meter-settings';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const org = await createOrganisation(db, { name: 'Org-wide Org' });
  const other = await createOrganisation(db, { name: 'Other Org-wide Org' });
  const retailers = await db.execute<{ id: number }>(sql`select id from retailers order by id limit 2`);
  const [r1, r2] = retailers.rows.map((r) => r.id);
  const site = await createSite(db, org.id, { name: 'Depot' });
  const a = await createMeter(db, site, {
    localName: 'Supply A',
    account: '0000012345AB-1C2',
    retailerId: r1,
  });
  const b = await createMeter(db, site, { localName: 'Supply B', meterNumber: 'M-77', retailerId: r1 });
  const c = await createMeter(db, site, { localName: 'Supply C', retailerId: r2 });
  const gone = await createMeter(db, site, { localName: 'Archived', retailerId: r1, deletedAt: new Date() });
  const theirs = await createMeter(db, await createSite(db, other.id), {
    localName: 'Theirs',
    retailerId: r1,
  });
  // Supply C already has its own consumption alert.
  await db.insert(meterAlertSettings).values({
    organisationId: org.id,
    meterId: c.id,
    consumptionDiffer: 3,
    consumptionPerc: 50,
  });
  const [label] = await db
    .insert(meterIdentifierLabels)
    .values({ organisationId: org.id, name: 'Customer number' })
    .returning();
  const [theirLabel] = await db
    .insert(meterIdentifierLabels)
    .values({ organisationId: other.id, name: 'Cost code' })
    .returning();
  Object.assign(ids, {
    org: org.id,
    a: a.id,
    b: b.id,
    c: c.id,
    gone: gone.id,
    theirs: theirs.id,
    r1,
    r2,
    label: label?.id,
    theirLabel: theirLabel?.id,
  });
  await createMember(db, org.id, { loginId: 'o.admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'o.general', accessId: 3 });
  await createMember(db, org.id, { loginId: 'o.observer', accessId: 4 });
  const advanced = await createMember(db, org.id, { loginId: 'o.advanced', accessId: 4 });
  await grantRight(db, {
    userId: advanced.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: site.id,
    rightId: 2,
  });
  await createMember(db, other.id, { loginId: 'o.outsider', accessId: 2, admin: true });
  for (const k of ['o.admin', 'o.general', 'o.observer', 'o.advanced', 'o.outsider'])
    tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/organisations/${ids.org}${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
const alertOf = async (meterId: number | undefined) =>
  (
    await t.db
      .select()
      .from(meterAlertSettings)
      .where(eq(meterAlertSettings.meterId, meterId ?? 0))
  )[0];
const retailerOf = async (meterId: number | undefined) =>
  (await t.db.execute<{ r: number }>(sql`select retailer_id as r from meters where id = ${meterId}`)).rows[0]
    ?.r;

describe('org-wide updates', () => {
  it('sets the consumption alert on data sources without one, and on every one with override', async () => {
    const res = await call('o.admin', 'POST', '/consumption-alert/set-default', {
      alertPerc: 20,
      absAlert: 1000,
    });
    expect(res.json()).toEqual({ success: true, message: 'Consumption alerts updated', updated: 2 });
    expect(await alertOf(ids.a)).toMatchObject({
      consumptionDiffer: 1,
      consumptionPerc: 20,
      consumptionAbs: 1000,
    });
    expect(await alertOf(ids.c)).toMatchObject({ consumptionDiffer: 3, consumptionPerc: 50 });
    expect(await alertOf(ids.gone)).toBeUndefined();
    const all = await call('o.admin', 'POST', '/consumption-alert/set-default?override=true', {
      alertDiffer: 2,
      alertPerc: 10,
      absAlert: null,
    });
    expect(all.json().updated).toBe(3);
    expect(await alertOf(ids.c)).toMatchObject({
      consumptionDiffer: 2,
      consumptionPerc: 10,
      consumptionAbs: null,
    });
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.assetId, ids.c ?? 0));
    expect(audits.filter((e) => e.assetType === 'meter').map((e) => Object.keys(e.changes))).toEqual([
      ['consumptionAlert'],
    ]);
  });

  it('sets the tariff alert on data sources without one', async () => {
    const res = await call('o.admin', 'POST', '/tariff-alert/set-default', {
      relAlert: 5.5,
      absAlert: null,
      rateAlert: 0.3,
    });
    expect(res.json()).toEqual({ success: true, message: 'Tariff alerts updated', updated: 3 });
    expect(await alertOf(ids.b)).toMatchObject({
      tariffRel: '5.5000',
      tariffRate: '0.3000',
      consumptionPerc: 10,
    });
    expect(
      (
        await call('o.admin', 'POST', '/tariff-alert/set-default', {
          relAlert: 9,
          absAlert: null,
          rateAlert: null,
        })
      ).json().updated,
    ).toBe(0);
  });

  it('fills an identifier from the account or the meter number, where a data source has none', async () => {
    const res = await call('o.admin', 'GET', `/meter-identifiers/set-default/${ids.label}`);
    expect(res.json()).toEqual({ success: true, message: 'Meter identifiers updated', updated: 2 });
    const values = await t.db
      .select()
      .from(meterIdentifiers)
      .where(eq(meterIdentifiers.labelId, ids.label ?? 0));
    expect(values.map((v) => [v.meterId, v.value]).sort()).toEqual(
      [
        [ids.a, '0000012345AB-1C2'],
        [ids.b, 'M-77'],
      ].sort(),
    );
    expect((await call('o.admin', 'GET', `/meter-identifiers/set-default/${ids.label}`)).json().updated).toBe(
      0,
    );
  });

  it('moves the data sources of one retailer to another', async () => {
    const res = await call('o.admin', 'GET', `/retailer/set-default/${ids.r1}/to/${ids.r2}`);
    expect(res.json()).toEqual({ success: true, message: 'Retailers updated', updated: 2 });
    expect([await retailerOf(ids.a), await retailerOf(ids.b), await retailerOf(ids.gone)]).toEqual([
      ids.r2,
      ids.r2,
      ids.r1,
    ]);
    expect(await retailerOf(ids.theirs)).toBe(ids.r1);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = (await t.db.select().from(auditEvents)).length;
    const bad: [ReturnType<typeof call>, string][] = [
      [
        call('o.admin', 'POST', '/consumption-alert/set-default', { alertPerc: null, absAlert: null }),
        'Enter a percentage or an absolute difference for the alert',
      ],
      [
        call('o.admin', 'POST', '/consumption-alert/set-default', { alertPerc: 1e12, absAlert: null }),
        'Enter a whole number between -2147483648 and 2147483647',
      ],
      [
        call('o.admin', 'POST', '/consumption-alert/set-default', {
          alertDiffer: 4,
          alertPerc: 1,
          absAlert: null,
        }),
        'Too big: expected number to be <=3',
      ],
      [
        call('o.admin', 'POST', '/tariff-alert/set-default', {
          relAlert: null,
          absAlert: null,
          rateAlert: null,
        }),
        'Enter at least one of the tariff alert values',
      ],
      [
        call('o.admin', 'POST', '/tariff-alert/set-default', {
          relAlert: -1,
          absAlert: null,
          rateAlert: null,
        }),
        'Too small: expected number to be >=0',
      ],
      [
        call('o.admin', 'GET', `/meter-identifiers/set-default/${ids.theirLabel}`),
        'Choose an identifier of this organisation',
      ],
      [call('o.admin', 'GET', `/retailer/set-default/${ids.r1}/to/99999`), 'Choose a retailer from the list'],
      [
        call('o.admin', 'GET', `/retailer/set-default/${ids.r1}/to/${ids.r1}`),
        'Choose two different retailers',
      ],
      [
        call('o.admin', 'GET', `/retailer/set-default/${ids.r1}/to/99999999999`),
        'Enter a whole number between -2147483648 and 2147483647',
      ],
    ];
    for (const [pending, message] of bad) {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.db.select().from(auditEvents)).length).toBe(before);
  });

  it('is for administrators only; another organisation learns nothing', async () => {
    const before = await alertOf(ids.a);
    for (const who of ['o.general', 'o.observer', 'o.advanced', 'o.outsider']) {
      for (const res of [
        await call(who, 'POST', '/consumption-alert/set-default?override=true', {
          alertPerc: 99,
          absAlert: null,
        }),
        await call(who, 'POST', '/tariff-alert/set-default', {
          relAlert: 99,
          absAlert: null,
          rateAlert: null,
        }),
        await call(who, 'GET', `/meter-identifiers/set-default/${ids.label}`),
        await call(who, 'GET', `/retailer/set-default/${ids.r2}/to/${ids.r1}`),
      ]) {
        expect([403, 404], `${who} ${res.body}`).toContain(res.statusCode);
        expect(res.body).not.toContain('Supply');
      }
    }
    expect(await alertOf(ids.a)).toEqual(before);
    expect(await retailerOf(ids.a)).toBe(ids.r2);
  });
});
