import { createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoices } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { auditEvents } from '@verdant/db/schema/audit';
import { assetGroups, groupings } from '@verdant/db/schema/groups';
import { targets } from '@verdant/db/schema/targets';
import { MSG } from '@verdant/domain/messages';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Worked by hand. Today is 21 November 2026. Electricity, kWh:
 *   North meter (site North): 2019 January 200, February to December 100 each (1300); January 2020 90.
 *   South meter (site South): 2019 every month 50 (600).
 * Target 'Halve by 2020': CY 2019 baseline derived, profile derived, 50% by 2020.
 *   Organisation: baseline 1900, target 950.
 *   Regions grouping: North baseline 1300, target 650; January 2020 target 650 x 200/1300 = 100, actual 90.
 *                     South baseline 600, target 300; each month of 2020 25.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const monthly = (year: number, values: number[]) =>
  values.map((consumption, i) => {
    const m = String(i + 1).padStart(2, '0');
    const last = new Date(Date.UTC(year, i + 1, 0)).getUTCDate();
    return { from: `${year}-${m}-01`, till: `${year}-${m}-${last}`, consumption, cost: consumption / 10 };
  });

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Targets Org' });
  const other = await createOrganisation(t.db, { name: 'Other Targets Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity targets' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const north = await createSite(t.db, org.id, { name: 'North depot' });
  const south = await createSite(t.db, org.id, { name: 'South depot' });
  const northMeter = await createMeter(t.db, north, { localName: 'North supply', ...kwh });
  const southMeter = await createMeter(t.db, south, { localName: 'South supply', ...kwh });
  await createInvoices(t.db, northMeter, [
    ...monthly(2019, [200, ...Array(11).fill(100)]),
    ...monthly(2020, [90]),
  ]);
  await createInvoices(t.db, southMeter, monthly(2019, Array(12).fill(50)));
  await recomputeFacts(t.db, [northMeter.id, southMeter.id], '2026-11-21');
  const [grouping] = await t.db
    .insert(groupings)
    .values({ organisationId: org.id, memberType: 'site', name: 'Regions', controlled: true })
    .returning();
  const northGroup = await createGroup(t.db, org.id, 'site', 'North', [north.id]);
  const southGroup = await createGroup(t.db, org.id, 'site', 'South', [south.id]);
  await t.db
    .update(assetGroups)
    .set({ groupingId: grouping?.id })
    .where(inArray(assetGroups.id, [northGroup.id, southGroup.id]));
  Object.assign(ids, { org: org.id, other: other.id, grouping: grouping?.id, northGroup: northGroup.id });
  await createMember(t.db, org.id, { loginId: 't.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 't.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 't.observer', accessId: 4 });
  // An observer with General User on the North site, barred from the South site: sees North's meters only.
  const advanced = await createMember(t.db, org.id, { loginId: 't.advanced', accessId: 4 });
  await grantRight(t.db, {
    userId: advanced.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: south.id,
    rightId: -1,
  });
  await grantRight(t.db, {
    userId: advanced.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: north.id,
    rightId: 3,
  });
  await createMember(t.db, other.id, { loginId: 't.outsider', accessId: 2, admin: true });
  for (const k of ['t.admin', 't.general', 't.observer', 't.advanced', 't.outsider'])
    tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
const spec = (over: object = {}) => ({
  baselineYear: 2019,
  baselineYearEnd: 'CY',
  consFrom: 'DERIVE',
  baselineCons: null,
  profileFrom: 'DERIVE',
  profile: null,
  targets: [{ perc: 50, year: 2020 }],
  ...over,
});
const targetsUrl = () => `/organisations/${ids.org}/targets`;
const count = async () => (await t.db.select().from(targets)).length;

describe('targets', () => {
  it('a general user creates a target; every member lists it; the write is audited', async () => {
    const res = await call('t.general', 'POST', targetsUrl(), {
      name: 'Halve by 2020',
      spec: spec(),
      orgId: ids.org,
    });
    expect(res.statusCode).toBe(200);
    ids.target = res.json().id;
    expect(res.json()).toMatchObject({ name: 'Halve by 2020', orgId: ids.org, spec: { baselineYear: 2019 } });
    const list = await call('t.observer', 'GET', targetsUrl());
    expect(list.json()).toMatchObject({ mayEdit: false, targets: [{ name: 'Halve by 2020' }] });
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.assetType, 'target'));
    expect(rows).toHaveLength(1);
  });

  it('stores an entered profile normalised to 100', async () => {
    const profile = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const res = await call('t.admin', 'POST', targetsUrl(), {
      name: 'Entered',
      spec: spec({ consFrom: 'ENTER', baselineCons: 1200, profileFrom: 'ENTER', profile }),
    });
    expect(res.statusCode).toBe(200);
    const stored = res.json().spec.profile as number[];
    expect(stored[0]).toBeCloseTo(100 / 78, 9);
    expect(stored.reduce((s, v) => s + v, 0)).toBeCloseTo(100, 9);
  });

  it('refuses each bad input with its message and stores nothing', async () => {
    const before = await count();
    const cases: [object, string][] = [
      [{ name: 'ab', spec: spec() }, MSG.targetNameShort],
      [{ name: 'HALVE BY 2020', spec: spec() }, MSG.targetNameExists],
      [
        { name: 'This year', spec: spec({ baselineYear: 2026, targets: [{ perc: 10, year: 2030 }] }) },
        MSG.targetBaselineYear,
      ],
      [{ name: 'Too early', spec: spec({ baselineYear: 1999 }) }, MSG.targetBaselineYear],
      [{ name: 'No baseline', spec: spec({ consFrom: 'ENTER' }) }, MSG.targetBaselineCons],
      [
        { name: 'Short profile', spec: spec({ profileFrom: 'ENTER', profile: [1, 2, 3] }) },
        MSG.targetProfileMissing,
      ],
      [
        { name: 'Zero profile', spec: spec({ profileFrom: 'ENTER', profile: Array(12).fill(0) }) },
        'The profile cannot be normalised to 100: Profile values must add up to more than zero',
      ],
      [{ name: 'No targets', spec: spec({ targets: [] }) }, MSG.targetNone],
      [{ name: 'Before', spec: spec({ targets: [{ perc: 10, year: 2018 }] }) }, MSG.targetFirstYear],
      [{ name: 'Percent', spec: spec({ targets: [{ perc: 100, year: 2030 }] }) }, MSG.targetPerc],
      [{ name: 'Year', spec: spec({ targets: [{ perc: 10, year: 203 }] }) }, MSG.targetYear],
    ];
    for (const [body, message] of cases) {
      const res = await call('t.admin', 'POST', targetsUrl(), body);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json()), message).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('refuses observers, advanced rights on an asset and another organisation', async () => {
    const body = { name: 'Observer target', spec: spec() };
    expect((await call('t.observer', 'POST', targetsUrl(), body)).statusCode).toBe(403);
    expect((await call('t.advanced', 'POST', targetsUrl(), body)).statusCode).toBe(403);
    expect((await call('t.outsider', 'POST', targetsUrl(), body)).statusCode).toBe(403);
    expect((await call('t.outsider', 'GET', targetsUrl())).statusCode).toBe(403);
    const other = await call('t.outsider', 'POST', `/organisations/${ids.other}/targets`, {
      ...body,
      orgId: ids.org,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('performance against targets', () => {
  it("shows the organisation's months against the profiled path", async () => {
    const res = await call(
      't.observer',
      'GET',
      `/organisations/${ids.org}/reports/performance-against-targets?target=${ids.target}&measure=cons`,
    );
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ yearEnd: 'CY', baselineYear: 2019, finalYear: 2020, measure: 'cons' });
    expect(r.groups[0]).toMatchObject({ baseline: 1900, target: 950 });
    expect(r.groups[0].months[12]).toMatchObject({ month: '2020-01-01', actual: 90 });
    // January's share: (200 + 50) / 1900; of 950: 125.
    expect(r.groups[0].months[12].target).toBeCloseTo(125, 6);
  });

  it('shows each group of a grouping against its own derived baseline', async () => {
    const url = `/site-groupings/${ids.grouping}/reports/performance-against-targets?target=${ids.target}&measure=cons`;
    const res = await call('t.general', 'GET', url);
    expect(res.statusCode).toBe(200);
    const [north, south] = res.json().groups;
    expect(north).toMatchObject({ name: 'North', baseline: 1300, target: 650 });
    expect(north.months[12]).toMatchObject({ actual: 90 });
    expect(north.months[12].target).toBeCloseTo(100, 6);
    expect(south).toMatchObject({ name: 'South', baseline: 600, target: 300 });
    expect(south.months[13].target).toBeCloseTo(25, 6);
  });

  it('counts only the meters a user with advanced rights sees', async () => {
    const url = `/site-groupings/${ids.grouping}/reports/performance-against-targets?target=${ids.target}&measure=cons`;
    const [north, south] = (await call('t.advanced', 'GET', url)).json().groups;
    expect(north.baseline).toBe(1300);
    expect(south.baseline).toBe(0);
  });

  it("another organisation's administrator learns nothing", async () => {
    const url = `/site-groupings/${ids.grouping}/reports/performance-against-targets`;
    expect((await call('t.outsider', 'GET', url)).statusCode).toBe(404);
    expect(
      (
        await call(
          't.outsider',
          'GET',
          `/meter-groupings/${ids.grouping}/reports/performance-against-targets`,
        )
      ).statusCode,
    ).toBe(404);
    const org = `/organisations/${ids.org}/reports/performance-against-targets`;
    expect((await call('t.outsider', 'GET', org)).statusCode).toBe(403);
  });

  it('refuses a target of another organisation', async () => {
    const res = await call(
      't.admin',
      'GET',
      `/organisations/${ids.org}/reports/performance-against-targets?target=999999`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.targetUnknown);
  });

  it("a grouping's report answers an unknown grouping before an unknown target", async () => {
    const report = (grouping: number | undefined) =>
      call('t.admin', 'GET', `/site-groupings/${grouping}/reports/performance-against-targets?target=999999`);
    expect((await report(999999)).statusCode).toBe(404);
    const res = await report(ids.grouping);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.targetUnknown);
  });
});

describe('group targets', () => {
  it('a general user sets a group target; observers read it; others are refused', async () => {
    const url = `/site-groups/${ids.northGroup}/target`;
    expect((await call('t.observer', 'GET', url)).json()).toEqual({ co2eTarget: null, consTarget: null });
    expect((await call('t.observer', 'PUT', url, { co2e: 10 })).statusCode).toBe(403);
    const res = await call('t.general', 'PUT', url, { co2e: 1200.5 });
    expect(res.json()).toEqual({ co2eTarget: 1200.5, consTarget: null });
    expect((await call('t.admin', 'PUT', url, { cons: 9000 })).json()).toEqual({
      co2eTarget: 1200.5,
      consTarget: 9000,
    });
    expect((await call('t.admin', 'PUT', url, { co2e: -1 })).statusCode).toBe(400);
    expect((await call('t.outsider', 'GET', url)).statusCode).toBe(404);
    expect((await call('t.outsider', 'PUT', url, { co2e: 1 })).statusCode).toBe(404);
    expect((await call('t.admin', 'GET', `/meter-groups/${ids.northGroup}/target`)).statusCode).toBe(404);
  });
});
