import { createGroup, createMeter, createSite } from '@verdant/db/asset-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganisation(t.db, { name: 'Rights Org' });
  const other = await createOrganisation(t.db, { name: 'Other Org' });
  for (const [key, o, orgId] of [
    ['boss', { accessId: 2, admin: true }, org.id],
    ['general', { accessId: 3 }, org.id],
    ['watcher', { accessId: 4 }, org.id],
    ['model', { accessId: 4 }, org.id],
    ['outsider', { accessId: 2, admin: true }, other.id],
  ] as const) {
    ids[key] = (await createMember(t.db, orgId, { loginId: key, ...o })).id;
  }
  const north = await createSite(t.db, org.id, { name: 'North Depot' });
  ids.north = north.id;
  ids.meter = (await createMeter(t.db, north, { localName: 'North Main Supply' })).id;
  ids.group = (await createGroup(t.db, org.id, 'site', 'Depots', [north.id])).id;
  ids.foreignSite = (await createSite(t.db, other.id, { name: 'Foreign Site' })).id;
  for (const k of ['boss', 'general', 'watcher', 'outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? '') });
const rightsOf = async (key: string) =>
  (await call('boss', 'GET', `/api/users/${ids[key]}/advanced-rights/${org.id}`)).json();

describe('advanced rights', () => {
  it('grants a right on an asset, lists it with the asset name, and removes it', async () => {
    const added = await call(
      'boss',
      'POST',
      `/api/users/${ids.watcher}/advanced-rights/${org.id}/site/${ids.north}/right/3`,
    );
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual([
      {
        assetType: 'site',
        assetId: ids.north,
        assetName: 'North Depot',
        rightId: 3,
        subRights: ['view', 'edit'],
      },
    ]);
    const regranted = await call(
      'boss',
      'POST',
      `/api/users/${ids.watcher}/advanced-rights/${org.id}/site/${ids.north}/right/-1`,
    );
    expect(regranted.json()).toHaveLength(1);
    expect(regranted.json()[0]).toMatchObject({ rightId: -1, subRights: [] });
    const removed = await call(
      'boss',
      'DELETE',
      `/api/users/${ids.watcher}/advanced-rights/${org.id}/site/${ids.north}`,
    );
    expect(removed.json()).toEqual([]);
    expect(
      (await call('boss', 'DELETE', `/api/users/${ids.watcher}/advanced-rights/${org.id}/site/${ids.north}`))
        .statusCode,
    ).toBe(404);
  });

  it('lets a user read, but not change, their own rights', async () => {
    expect(
      (await call('watcher', 'GET', `/api/users/${ids.watcher}/advanced-rights/${org.id}`)).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'boss',
          'POST',
          `/api/users/${ids.boss}/advanced-rights/${org.id}/site/${ids.north}/right/4`,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses an asset of another organisation or one that does not exist', async () => {
    expect(
      (
        await call(
          'boss',
          'POST',
          `/api/users/${ids.watcher}/advanced-rights/${org.id}/site/${ids.foreignSite}/right/3`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('boss', 'POST', `/api/users/${ids.watcher}/advanced-rights/${org.id}/meter/999999/right/3`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('boss', 'POST', `/api/users/${ids.watcher}/advanced-rights/${org.id}/planet/1/right/3`))
        .statusCode,
    ).toBe(400);
    expect(await rightsOf('watcher')).toEqual([]);
  });

  it('copies rights from another user, replacing the existing ones', async () => {
    await call(
      'boss',
      'POST',
      `/api/users/${ids.model}/advanced-rights/${org.id}/site-group/${ids.group}/right/3`,
    );
    await call(
      'boss',
      'POST',
      `/api/users/${ids.model}/advanced-rights/${org.id}/meter/${ids.meter}/right/4`,
    );
    await call(
      'boss',
      'POST',
      `/api/users/${ids.watcher}/advanced-rights/${org.id}/site/${ids.north}/right/2`,
    );
    const copied = await call(
      'boss',
      'POST',
      `/api/users/${ids.watcher}/copy-rights/${org.id}/from/${ids.model}`,
    );
    expect(copied.json()).toEqual([
      {
        assetType: 'site-group',
        assetId: ids.group,
        assetName: 'Depots',
        rightId: 3,
        subRights: ['view', 'edit'],
      },
      {
        assetType: 'meter',
        assetId: ids.meter,
        assetName: 'North Main Supply',
        rightId: 4,
        subRights: ['view'],
      },
    ]);
    expect(await rightsOf('model')).toHaveLength(2);
  });

  it('is for administrators only', async () => {
    for (const who of ['general', 'watcher']) {
      expect(
        (
          await call(
            who,
            'POST',
            `/api/users/${ids.model}/advanced-rights/${org.id}/site/${ids.north}/right/2`,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (await call(who, 'POST', `/api/users/${ids.model}/copy-rights/${org.id}/from/${ids.watcher}`))
          .statusCode,
      ).toBe(403);
      expect((await call(who, 'GET', `/api/users/${ids.model}/advanced-rights/${org.id}`)).statusCode).toBe(
        403,
      );
    }
  });

  it('tells an administrator of another organisation nothing', async () => {
    const before = await rightsOf('model');
    for (const res of [
      await call('outsider', 'GET', `/api/users/${ids.model}/advanced-rights/${org.id}`),
      await call(
        'outsider',
        'POST',
        `/api/users/${ids.model}/advanced-rights/${org.id}/site/${ids.north}/right/2`,
      ),
      await call(
        'outsider',
        'DELETE',
        `/api/users/${ids.model}/advanced-rights/${org.id}/meter/${ids.meter}`,
      ),
      await call('outsider', 'POST', `/api/users/${ids.model}/copy-rights/${org.id}/from/${ids.outsider}`),
    ]) {
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('North');
    }
    expect(await rightsOf('model')).toEqual(before);
  });
});
