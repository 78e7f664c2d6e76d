import { grantRight } from '@verdant/db/asset-factories';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, count, ids, type Method, ok, org, t, useFixture } from './groupings.fixture';

/*
 * Site groupings and groups, built on one another test by test: created, refused, renamed, shown, guarded.
 * The world is ./groupings.fixture.ts.
 * Today is 21 November 2026: the last twelve complete months run November 2025 to October 2026. Depot's supply
 * meter has 3100 kWh, $620 in October 2026 (counted) and 2480 kWh in October 2025 (outside the twelve months);
 * its electricity emits 0.1 kg CO2e a kWh, so October 2026 is 310 kg. Office and Library have no meters.
 */

useFixture();

describe('groupings and groups', () => {
  it('creates a controlled grouping with two groups, assigns sites, moves one and lists the distribution', async () => {
    const region = await ok(
      'g.general',
      'POST',
      `/organisations/${org.id}/reporting-group-groupings/site-groupings`,
      {
        name: 'Region',
      },
    );
    ids.region = region.id;
    const north = await ok('g.general', 'POST', `/organisations/${org.id}/site-groups`, {
      name: 'North',
      memberOf: region.id,
    });
    const south = await ok('g.general', 'POST', `/organisations/${org.id}/site-groups`, {
      name: 'South',
      memberOf: region.id,
    });
    Object.assign(ids, { north: north.id, south: south.id });
    expect(
      (await ok('g.general', 'POST', `/site-groups/${north.id}/sites/${ids.depot}`)).movedFrom,
    ).toBeNull();
    await ok('g.general', 'POST', `/site-groups/${south.id}/sites/${ids.office}`);
    // Office moves to North: it leaves South first (one group per asset in a controlled grouping).
    const moved = await ok('g.general', 'POST', `/site-groups/${north.id}/sites/${ids.office}?focus=GROUP`);
    expect(moved.movedFrom).toEqual({ id: south.id, name: 'South' });
    expect(moved.group.memberCount).toBe(2);
    const distribution = await ok(
      'g.observer',
      'GET',
      `/site-groups/groupings/${region.id}/asset-distribution`,
    );
    expect(distribution.mayEdit).toBe(false);
    expect(distribution.assets).toEqual([
      { id: ids.depot, relatedIds: [north.id], name: 'Depot', type: 'site', account: null, joined: true },
      { id: ids.library, relatedIds: [], name: 'Library', type: 'site', account: null, joined: false },
      { id: ids.office, relatedIds: [north.id], name: 'Office', type: 'site', account: null, joined: true },
    ]);
    const list = await ok('g.observer', 'GET', '/organisations/site-group-groupings');
    expect(list.groupings).toEqual([
      {
        id: region.id,
        name: 'Region',
        type: 'site',
        controlled: true,
        groups: [
          {
            id: north.id,
            name: 'North',
            type: 'site',
            memberCount: 2,
            consumption: 3100,
            pseudo: false,
            groupings: [region.id],
          },
          {
            id: south.id,
            name: 'South',
            type: 'site',
            memberCount: 0,
            consumption: 0,
            pseudo: false,
            groupings: [region.id],
          },
        ],
      },
    ]);
  });

  it('refuses a group whose assets another group of the controlled grouping holds, listing them', async () => {
    const loose = await ok('g.general', 'POST', `/organisations/${org.id}/site-groups`, { name: 'Loose' });
    ids.loose = loose.id;
    await ok('g.general', 'POST', `/site-groups/${loose.id}/sites/${ids.depot}`);
    await ok('g.general', 'POST', `/site-groups/${loose.id}/sites/${ids.library}`);
    const uncontrolled = (await ok('g.general', 'GET', '/organisations/site-group-groupings'))
      .ungroupingedGroups;
    expect(uncontrolled.map((g: { name: string }) => g.name)).toEqual(['Loose']);
    const before = await count();
    const refused = await call('g.general', 'POST', `/site-groups/${loose.id}/grouping/${ids.region}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Loose cannot join Region: these assets are already in another of its groups (1)',
    );
    expect(refused.json().fields).toEqual({ assets: ['Depot (North)'] });
    expect(await count()).toBe(before);
    // Without Depot it may join; leaving makes it uncontrolled again.
    await ok('g.general', 'DELETE', `/site-groups/${loose.id}/sites/${ids.depot}`);
    const joined = await ok('g.general', 'POST', `/site-groups/${loose.id}/grouping/${ids.region}`);
    expect(joined.groups.map((g: { name: string }) => g.name)).toEqual(['Loose', 'North', 'South']);
    const left = await ok('g.general', 'DELETE', `/site-groups/${loose.id}/grouping/${ids.region}`);
    expect(left.groups.map((g: { name: string }) => g.name)).toEqual(['North', 'South']);
  });

  it('answers every create and rename message, changing nothing', async () => {
    const before = await count();
    const at = `/organisations/${org.id}`;
    const expectMessage = async (
      method: Method,
      url: string,
      body: object,
      status: number,
      message: string,
    ) => {
      const res = await call('g.general', method, url, body);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    };
    await expectMessage(
      'POST',
      `${at}/reporting-group-groupings/site-groupings`,
      { name: 'R' },
      400,
      MSG.nameTooShortToCreate,
    );
    await expectMessage(
      'POST',
      `${at}/reporting-group-groupings/site-groupings`,
      { name: 'region' },
      409,
      'There is already a grouping called region',
    );
    await expectMessage(
      'POST',
      `${at}/site-groups`,
      { name: 'NORTH' },
      409,
      'There is already a group called NORTH',
    );
    await expectMessage(
      'PUT',
      `/site-groups/${ids.north}`,
      { name: 'No' },
      400,
      'Name cannot be less than three characters',
    );
    await expectMessage(
      'PUT',
      `/site-groups/${ids.north}`,
      { name: 'south' },
      409,
      'Duplicate group name, please use a different name',
    );
    await expectMessage(
      'PUT',
      `/site-groups/groupings/${ids.region}`,
      { name: 'Re' },
      400,
      'Name cannot be less than three characters',
    );
    const meterGrouping = await ok('g.general', 'POST', `${at}/reporting-group-groupings/meter-groupings`, {
      name: 'Cost centres',
    });
    await expectMessage(
      'POST',
      `${at}/site-groups`,
      { name: 'Wrong', memberOf: meterGrouping.id },
      400,
      'A group of sites cannot join a grouping of meters',
    );
    await ok('g.general', 'POST', `${at}/reporting-group-groupings/site-groupings`, {
      name: 'Division',
      controlled: false,
    });
    await expectMessage(
      'PUT',
      `/site-groups/groupings/${ids.region}`,
      { name: 'DIVISION' },
      409,
      'Grouping could not be renamed: There is already a grouping called DIVISION',
    );
    await t.db.execute(sql`delete from groupings where name in ('Cost centres', 'Division')`);
    expect(await count()).toBe(before);
    expect(
      (await ok('g.general', 'PUT', `/site-groups/groupings/${ids.region}`, { name: 'Regions' })).name,
    ).toBe('Regions');
    expect((await ok('g.general', 'PUT', `/site-groups/${ids.south}`, { name: 'Southern' })).name).toBe(
      'Southern',
    );
  });

  it('shows a group with its ledger months, members and inclusion', async () => {
    const group = await ok('g.observer', 'GET', `/site-groups/${ids.north}`);
    expect(group).toMatchObject({
      name: 'North',
      memberCount: 2,
      mayEdit: false,
      grouping: { id: ids.region, name: 'Regions', controlled: true },
    });
    expect(group.months).toHaveLength(12);
    expect(group.months[0].month).toBe('2025-11');
    expect(group.months[11]).toEqual({
      month: '2026-10',
      cons: 3100,
      cost: 620,
      co2e: 310,
      incomplete: false,
    });
    expect(group.totals).toEqual({ cons: 3100, cost: 620, co2e: 310 });
    const details = await ok('g.observer', 'GET', `/site-groups/${ids.north}/sites/details`);
    expect(details.members.map((m: { name: string; cons: number }) => [m.name, m.cons])).toEqual([
      ['Depot', 3100],
      ['Office', 0],
    ]);
    const inclusion = await ok('g.observer', 'GET', `/site-groups/${ids.south}/asset-inclusion`);
    expect(inclusion.assets.find((x: { id: number }) => x.id === ids.depot)).toMatchObject({
      joined: false,
      relatedIds: [ids.north],
    });
  });

  it("refuses observers' writes and another organisation's administrator", async () => {
    const before = await count();
    const writes: [Method, string, object?][] = [
      ['POST', `/organisations/${org.id}/reporting-group-groupings/site-groupings`, { name: 'Observer' }],
      ['POST', `/organisations/${org.id}/site-groups`, { name: 'Observer' }],
      ['PUT', `/site-groups/${ids.north}`, { name: 'Observer' }],
      ['PUT', `/site-groups/groupings/${ids.region}`, { name: 'Observer' }],
      ['POST', `/site-groups/${ids.loose}/grouping/${ids.region}`],
      ['POST', `/site-groups/${ids.south}/sites/${ids.library}`],
    ];
    for (const [method, url, body] of writes)
      expect((await call('g.observer', method, url, body)).statusCode).toBe(403);
    for (const [method, url, body] of writes)
      expect([403, 404]).toContain((await call('g.outsider', method, url, body)).statusCode);
    for (const url of [
      `/site-groups/${ids.north}`,
      `/site-groups/groupings/${ids.region}/asset-distribution`,
      `/site-groups/${ids.north}/sites/details`,
    ]) {
      const res = await call('g.outsider', 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('North');
    }
    const theirs = await call('g.outsider', 'GET', '/organisations/site-group-groupings');
    expect(theirs.json()).toMatchObject({ groupings: [], ungroupingedGroups: [{ name: 'Theirs' }] });
    // Our group may not take another organisation's group or asset.
    expect(
      (await call('g.admin', 'POST', `/site-groups/${ids.theirs}/grouping/${ids.region}`)).statusCode,
    ).toBe(404);
    const joined = await call('g.admin', 'POST', `/site-groups/${ids.north}/sites/${ids.theirSite}`);
    expect(joined.statusCode).toBe(404);
    expect(joined.body).not.toContain('Their depot');
    expect(await count()).toBe(before);
  });

  it('a right on a group reaches its current members, not the group', async () => {
    // An observer with General User on North: North's sites (Depot, Office) are theirs to move, Library is not.
    await grantRight(t.db, {
      userId: Number(ids.advanced),
      organisationId: org.id,
      assetType: 'site-group',
      assetId: Number(ids.north),
      rightId: 3,
    });
    expect(
      (await call('g.advanced', 'POST', `/site-groups/${ids.loose}/sites/${ids.office}`)).statusCode,
    ).toBe(200);
    expect(
      (await call('g.advanced', 'POST', `/site-groups/${ids.loose}/sites/${ids.library}`)).statusCode,
    ).toBe(403);
    // Renaming the group itself needs edit in the organisation.
    expect(
      (await call('g.advanced', 'PUT', `/site-groups/${ids.north}`, { name: 'Northern' })).statusCode,
    ).toBe(403);
    // Office leaves North (an administrator moves it): the right no longer reaches it.
    await ok('g.admin', 'POST', `/site-groups/${ids.south}/sites/${ids.office}`);
    expect(
      (await call('g.advanced', 'DELETE', `/site-groups/${ids.loose}/sites/${ids.office}`)).statusCode,
    ).toBe(403);
    // A barred right on North hides its members from the details, and their figures from the group.
    await t.db.execute(sql`update advanced_rights set right_id = -1 where user_id = ${ids.advanced}`);
    expect((await ok('g.advanced', 'GET', `/site-groups/${ids.north}/sites/details`)).members).toEqual([]);
    expect((await ok('g.advanced', 'GET', `/site-groups/${ids.north}`)).totals.cons).toBe(0);
  });
});
