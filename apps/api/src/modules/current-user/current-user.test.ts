import { addMembership, createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let home: { id: number };
let other: { id: number };
let barred: { id: number };
let disabled: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  home = await createOrganisation(t.db, { name: 'Home Org', timeZone: 'Australia/Perth' });
  other = await createOrganisation(t.db, { name: 'Other Org' });
  barred = await createOrganisation(t.db, { name: 'Barred Org' });
  disabled = await createOrganisation(t.db, { name: 'Disabled Org', statusId: 3 });
  const stranger = await createOrganisation(t.db, { name: 'Stranger Org' });
  const member = await createMember(t.db, home.id, { loginId: 'member', accessId: 4 });
  await addMembership(t.db, { userId: member.id, organisationId: other.id, accessId: 3 });
  await addMembership(t.db, { userId: member.id, organisationId: barred.id, accessId: -1 });
  await addMembership(t.db, { userId: member.id, organisationId: disabled.id, accessId: 2 });
  await createMember(t.db, stranger.id, { loginId: 'stranger' });
  await createUser(t.db, { loginId: 'root', productAdmin: true });
});
afterAll(() => t.close());

const get = async (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });

describe('current user', () => {
  it('describes the user in the current organisation', async () => {
    const token = await t.login('member');
    const res = await get(token, '/api/current-user/user-details');
    expect(res.json()).toMatchObject({
      userId: 'member',
      org: home.id,
      accessId: 4,
      access: 'Observer',
      admin: false,
      statusId: 1,
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
    expect((await get(token, '/api/current-user/org-summary')).json()).toEqual({
      id: home.id,
      name: 'Home Org',
      timeZone: 'Australia/Perth',
      alerts: 0,
    });
  });

  it('lists only organisations the user may enter, recent first, and filters results', async () => {
    const token = await t.login('member');
    const res = (await get(token, '/api/current-user/available-orgs')).json();
    expect(res.results.map((o: { name: string }) => o.name)).toEqual(['Home Org', 'Other Org']);
    expect(res.recent.map((o: { name: string }) => o.name)).toEqual(['Home Org']);
    const filtered = (await get(token, '/api/current-user/available-orgs?q=oth')).json();
    expect(filtered.results.map((o: { name: string }) => o.name)).toEqual(['Other Org']);
  });

  it('switches organisation only where the user has access', async () => {
    const token = await t.login('member');
    for (const id of [barred.id, disabled.id, 999999]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/current-user/organisation/${id}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Switch failed - you probably don't have access");
    }
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${other.id}`,
      headers: bearer(token),
    });
    expect(ok.statusCode).toBe(200);
    const after = await get(token, '/api/current-user/user-details');
    expect(after.headers['x-organisation-id']).toBe(String(other.id));
    expect(after.json()).toMatchObject({ org: other.id, accessId: 3 });
  });

  it('lets a product administrator enter every organisation', async () => {
    const token = await t.login('root');
    const res = (await get(token, '/api/current-user/available-orgs')).json();
    expect(res.results.length).toBeGreaterThanOrEqual(5);
    const sw = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${disabled.id}`,
      headers: bearer(token),
    });
    expect(sw.statusCode).toBe(200);
  });

  it('offers administration screens in the full menu only to product administrators', async () => {
    const token = await t.login('member');
    // An observer in Home Org: reads only.
    await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${home.id}`,
      headers: bearer(token),
    });
    const member = (await get(token, '/api/current-user/full-menu')).json();
    const ids = member.items.map((i: { id: string }) => i.id);
    expect(ids).toContain('dashboard');
    expect(ids).not.toContain('manage-deleted');
    expect(ids).not.toContain('portals');
    const admin = (await get(await t.login('root'), '/api/current-user/full-menu')).json();
    expect(admin.items.map((i: { id: string }) => i.id)).toEqual(
      expect.arrayContaining(['manage-deleted', 'tools', 'portals']),
    );
    await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${other.id}`,
      headers: bearer(token),
    });
    const editor = (await get(token, '/api/current-user/full-menu')).json();
    expect(editor.items.map((i: { id: string }) => i.id)).toContain('portals');
    expect(admin.items[0]).toEqual({
      id: 'dashboard',
      label: 'Dashboard',
      path: '/dashboard',
      section: 'Home',
      description: expect.any(String),
    });
  });
});

describe('user settings', () => {
  it('saves, reads and removes settings of the caller only', async () => {
    const token = await t.login('member');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/current-user/user-settings/nav-icons',
      headers: bearer(token),
      payload: { value: '["users","sites"]' },
    });
    expect(put.statusCode).toBe(200);
    expect((await get(token, '/api/current-user/user-settings/nav-icons')).json()).toEqual({
      'nav-icons': '["users","sites"]',
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/current-user/user-settings',
      headers: bearer(token),
      payload: { 'activity.reporting.1': 'on', mode: 'carbon' },
    });
    expect((await get(token, '/api/current-user/user-settings')).json()).toEqual({
      'activity.reporting.1': 'on',
      mode: 'carbon',
      'nav-icons': '["users","sites"]',
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/current-user/user-settings/mode',
      headers: bearer(token),
      payload: { value: null },
    });
    expect((await get(token, '/api/current-user/user-settings/mode')).json()).toEqual({ mode: null });

    const strangerToken = await t.login('stranger');
    expect((await get(strangerToken, '/api/current-user/user-settings')).json()).toEqual({});
  });

  it('refuses a bad key or value and changes nothing', async () => {
    const token = await t.login('member');
    const before = (await get(token, '/api/current-user/user-settings')).json();
    const badKey = await t.app.inject({
      method: 'PUT',
      url: '/api/current-user/user-settings/bad%20key',
      headers: bearer(token),
      payload: { value: 'x' },
    });
    expect(badKey.statusCode).toBe(400);
    const badBody = await t.app.inject({
      method: 'PUT',
      url: '/api/current-user/user-settings',
      headers: bearer(token),
      payload: { good: 'x', 'bad key': 'y' },
    });
    expect(badBody.statusCode).toBe(400);
    const badValue = await t.app.inject({
      method: 'PUT',
      url: '/api/current-user/user-settings/x',
      headers: bearer(token),
      payload: { value: 42 },
    });
    expect(badValue.statusCode).toBe(400);
    expect((await get(token, '/api/current-user/user-settings')).json()).toEqual(before);
  });
});
