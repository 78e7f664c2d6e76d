import { addMembership, createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

const READ_ONLY = 'This is the free test drive: you can look at everything, but changes are not saved.';

let t: TestApp;
let demoOrg: number;
let otherOrg: number;
let demoId: number;
let colleagueId: number;
const sent: { to: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (m: { to: string }) => void sent.push(m) } });
  demoOrg = (await createOrganisation(t.db, { name: 'Drive Demo Org' })).id;
  otherOrg = (await createOrganisation(t.db, { name: 'Drive Other Org' })).id;
  const demo = await createMember(t.db, demoOrg, {
    loginId: 'demo',
    email: 'demo@drive.test',
    admin: true,
    accessId: 2,
  });
  demoId = demo.id;
  await addMembership(t.db, { userId: demoId, organisationId: otherOrg, accessId: 3 });
  colleagueId = (await createMember(t.db, demoOrg, { loginId: 'drive.colleague', email: 'c@drive.test' })).id;
  await createMember(t.db, demoOrg, {
    loginId: 'drive.admin',
    email: 'a@drive.test',
    admin: true,
    accessId: 2,
  });
});
afterAll(() => t.close());

const testDrive = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/public/login/test-drive' });
  expect(res.statusCode).toBe(200);
  return res.json().data as { token: string; testDrive: boolean; organisation: { id: number } };
};
const signIn = async (username: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username, password: 'Verdant-test-1' },
    })
  ).json().data.token as string;

describe('the free test drive', () => {
  it('opens a read-only session of the demo account without its password', async () => {
    const session = await testDrive();
    expect(session.testDrive).toBe(true);
    expect(session.organisation.id).toBe(demoOrg);
    const me = await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().userId ?? me.json().data?.userId).toBe('demo');
  });

  it('refuses every change: the password, disabling the organisation, users, mail', async () => {
    const { token } = await testDrive();
    const attempts = [
      {
        method: 'PUT',
        url: `/api/users/${demoId}/change-password`,
        payload: { current: 'Verdant-test-1', new: 'Hijacked-pass-99!' },
      },
      { method: 'POST', url: `/api/organisations/${demoOrg}/disable` },
      {
        method: 'PUT',
        url: `/api/users/${colleagueId}/reset-password`,
        payload: { password: 'Verdant-test-1' },
      },
      { method: 'DELETE', url: `/api/users/${colleagueId}` },
      { method: 'PUT', url: '/api/current-user/user-settings', payload: { pinned: 'x' } },
      { method: 'POST', url: '/api/current-user/login-token' },
    ] as const;
    for (const a of attempts) {
      const res = await t.app.inject({ ...a, headers: bearer(token) });
      expect(res.statusCode, `${a.method} ${a.url}`).toBe(403);
      expect(res.json().message).toBe(READ_ONLY);
    }
    expect(sent).toHaveLength(0);
  });

  it('draws graphs (reads sent as POST) but keeps no favourite graph', async () => {
    const { token } = await testDrive();
    const graph = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${demoOrg}/graph-data`,
      headers: bearer(token),
      payload: {
        years: [2025],
        endMonth: '2025-12',
        series: [
          {
            asset: { type: 'organisation', id: demoOrg, text: 'x' },
            quantity: { type: 'cost', label: 'Cost', unit: '$' },
          },
        ],
      },
    });
    expect(graph.statusCode).toBe(200);
    const favourite = await t.app.inject({
      method: 'POST',
      url: '/api/current-user/favourite-graphs',
      headers: bearer(token),
      payload: { name: 'Mine', graph: 'x' },
    });
    expect(favourite.statusCode).toBe(403);
    expect(favourite.json().message).toBe(READ_ONLY);
  });

  it('lets the next visitor in as before after the first one tried everything', async () => {
    const first = await testDrive();
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${demoId}/change-password`,
      headers: bearer(first.token),
      payload: { current: 'Verdant-test-1', new: 'Hijacked-pass-99!' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${demoOrg}/disable`,
      headers: bearer(first.token),
    });
    // Looking at the other organisation is allowed and does not change where the next visitor lands.
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${otherOrg}`,
      headers: bearer(first.token),
    });
    expect(moved.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/current-user/logout', headers: bearer(first.token) });

    const second = await testDrive();
    expect(second.organisation.id).toBe(demoOrg);
    // The password still works for those who sign in with it.
    expect(await signIn('demo')).toBeTruthy();
  });

  it('lands where every visitor lands even after the demo account signed in with its password elsewhere', async () => {
    // The demo password is published: someone signs in with it and works in the other organisation last.
    const own = await signIn('demo');
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${otherOrg}`,
      headers: bearer(own),
    });
    expect(moved.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username: 'demo', password: 'Verdant-test-1' },
    });
    expect(again.json().data.organisation.id).toBe(otherOrg);

    expect((await testDrive()).organisation.id).toBe(demoOrg);
    // Back where the demo account's own sign-ins began, for the tests below.
    const back = `/api/current-user/organisation/${demoOrg}`;
    await t.app.inject({ method: 'PUT', url: back, headers: bearer(own) });
  });

  it('keeps the demo account and its organisations from being locked even by a signed-in administrator', async () => {
    const own = await signIn('demo');
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${demoId}/change-password`,
      headers: bearer(own),
      payload: { current: 'Verdant-test-1', new: 'Hijacked-pass-99!' },
    });
    expect(change.statusCode).toBe(403);
    const admin = await signIn('drive.admin');
    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${demoOrg}/disable`,
      headers: bearer(admin),
    });
    expect(disable.statusCode).toBe(403);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${demoId}`,
      headers: bearer(admin),
    });
    expect(remove.statusCode).toBe(403);
    expect((await testDrive()).organisation.id).toBe(demoOrg);
  });

  it('is offered on the login page while the demo account is there, and not on an installation without it', async () => {
    const offered = async () => (await t.app.inject({ url: '/api/public/login/sso' })).json().testDrive;
    expect(await offered()).toBe(true);
    await t.db.execute(sql`update users set login_id = 'demo-gone' where id = ${demoId}`);
    try {
      expect(await offered()).toBe(false);
      const refused = await t.app.inject({ method: 'POST', url: '/api/public/login/test-drive' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('The free test drive is not available on this installation.');
    } finally {
      await t.db.execute(sql`update users set login_id = 'demo' where id = ${demoId}`);
    }
    expect(await offered()).toBe(true);
  });
});
