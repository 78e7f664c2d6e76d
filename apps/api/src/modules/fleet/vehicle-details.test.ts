import { createGroup, createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The vehicle's Details tab (data-portal 2.6): meter group membership and identifiers are its fuel meter's,
 * through the data source calls. Fleet Org has Depot with the Regions grouping (North, South) and the meter
 * group Pool Cars; Other Org has its own meter group. People: editor (3), observer (4), outsider (another
 * organisation's administrator).
 */
let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-05-15T10:00:00Z') });
  const db = t.db;
  await seedCatalogue(db);
  const org = await createOrganisation(db, { name: 'Fleet Org' });
  const other = await createOrganisation(db, { name: 'Other Org' });
  ids.org = org.id;
  const depot = await createSite(db, org.id, { name: 'Depot', siteOpen: '2010-01-01' });
  await createMember(db, org.id, { loginId: 'editor', accessId: 3 });
  await createMember(db, org.id, { loginId: 'observer', accessId: 4 });
  await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  for (const k of ['editor', 'observer', 'outsider']) tokens[k] = await t.login(k);
  ids.pool = (await createGroup(db, org.id, 'meter', 'Pool Cars')).id;
  ids.theirs = (await createGroup(db, other.id, 'meter', 'Their Cars')).id;
  const regions = await call(
    'editor',
    'POST',
    `/organisations/${org.id}/reporting-group-groupings/meter-groupings`,
    { name: 'Regions' },
  );
  ids.regions = regions.json().id;
  for (const name of ['North', 'South']) {
    const g = await call('editor', 'POST', `/organisations/${org.id}/meter-groups`, {
      name,
      memberOf: ids.regions,
    });
    ids[name] = g.json().id;
  }
  const made = await call('editor', 'POST', `/sites/${depot.id}/new-vehicles`, {
    purchaseDate: '2026-02-01',
    reporting: 'ORGANISATION',
    list: [
      {
        registration: 'VAN1',
        make: 'Ford',
        model: 'Transit',
        year: 2022,
        bodyShapeId: 5,
        seats: 3,
        transmissionTypeId: 1,
        engineSize: 2,
        fuelId: 4,
        desiredEfficiency: 9,
      },
    ],
  });
  ids.vehicle = made.json().data.newVehicleList[0].id;
  ids.fuelMeter = (await call('editor', 'GET', `/vehicles/${ids.vehicle}`)).json().consMeter;
});
afterAll(() => t.close());

function call(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
}
const join = (who: string, groupId: number | undefined, method: 'POST' | 'DELETE' = 'POST') =>
  call(who, method, `/meter-groups/${groupId}/meter/${ids.fuelMeter}`);
const memberships = async () =>
  (
    await t.db.execute<{ group_id: number }>(
      sql`select group_id from asset_group_members where asset_id = ${ids.fuelMeter} order by group_id`,
    )
  ).rows.map((r) => r.group_id);

describe("the vehicle's meter group membership", () => {
  it('offers the meter groups, joins one, moves within a controlled grouping, and shows it in Member Of', async () => {
    const meter = (await call('editor', 'GET', `/meters/${ids.fuelMeter}`)).json();
    expect(meter.mayEdit).toBe(true);
    expect(meter.joinedGroups).toEqual([]);
    expect(meter.availableGroups.map((g: { name: string }) => g.name).sort()).toEqual([
      'North',
      'Pool Cars',
      'South',
    ]);
    expect((await join('editor', ids.pool)).json().joinedGroups).toEqual([
      { id: ids.pool, name: 'Pool Cars' },
    ]);
    await join('editor', ids.North);
    const moved = await join('editor', ids.South);
    expect(moved.statusCode).toBe(200);
    expect(
      moved
        .json()
        .joinedGroups.map((g: { name: string }) => g.name)
        .sort(),
    ).toEqual(['Pool Cars', 'South']);
    const fleet = (
      await call('observer', 'GET', `/organisations/${ids.org}/fleet?memberOf=${ids.regions}`)
    ).json();
    expect(fleet.rows.find((r: { id: number }) => r.id === ids.vehicle).memberOf).toBe('South');
    expect((await join('editor', ids.pool, 'DELETE')).json().joinedGroups).toEqual([
      { id: ids.South, name: 'South' },
    ]);
  });

  it('is read only for an observer (403) and unknown to another organisation (404); nothing changes', async () => {
    const before = await memberships();
    expect((await call('observer', 'GET', `/meters/${ids.fuelMeter}`)).json().mayEdit).toBe(false);
    expect((await join('observer', ids.pool)).statusCode).toBe(403);
    expect((await join('observer', ids.South, 'DELETE')).statusCode).toBe(403);
    expect((await join('outsider', ids.theirs)).statusCode).toBe(404);
    expect((await call('outsider', 'GET', `/meters/${ids.fuelMeter}`)).statusCode).toBe(404);
    expect((await join('editor', ids.theirs)).statusCode).toBe(404);
    expect(await memberships()).toEqual(before);
  });
});

describe("the vehicle's identifiers", () => {
  it('sets and clears a value for an editor; an observer and another organisation are refused', async () => {
    const label = await call('editor', 'POST', `/organisations/${ids.org}/meter-identifiers`, {
      name: 'Asset number',
    });
    const identifierId = label.json().identifierId;
    const put = (who: string, value: string | null) =>
      call(who, 'PUT', `/meters/${ids.fuelMeter}/identifiers/${identifierId}`, { value });
    expect((await put('editor', 'FL-0042')).json().identifiers).toEqual([
      { identifierId, identifierLabel: 'Asset number', value: 'FL-0042' },
    ]);
    expect((await put('observer', 'X')).statusCode).toBe(403);
    expect((await put('outsider', 'X')).statusCode).toBe(404);
    expect(
      (await call('observer', 'POST', `/organisations/${ids.org}/meter-identifiers`, { name: 'Other' }))
        .statusCode,
    ).toBe(403);
    const read = (await call('observer', 'GET', `/meters/${ids.fuelMeter}`)).json();
    expect(read.identifiers[0].value).toBe('FL-0042');
    expect((await put('editor', 'x\u0000y')).statusCode).toBe(400);
    expect(
      (
        await call('editor', 'POST', `/organisations/${ids.org}/meter-identifiers`, { name: 'asset NUMBER' })
      ).json().message,
    ).toBe(MSG.identifierNameExists);
    expect((await put('editor', null)).json().identifiers[0].value).toBeNull();
  });
});
