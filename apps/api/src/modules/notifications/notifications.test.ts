import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganisation(t.db);
  const other = await createOrganisation(t.db);
  await createMember(t.db, org.id, { loginId: 'boss', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'general', accessId: 3 });
  await createMember(t.db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  for (const k of ['boss', 'general', 'outsider', 'root']) tokens[k] = await t.login(k);
  const publish = (text: string, organisationId?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: bearer(tokens.root ?? ''),
      payload: { text, organisationId },
    });
  await publish('Everyone: maintenance on Sunday');
  await publish('Only for this organisation', org.id);
  await publish('Only for the other one', other.id);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });

describe('notifications', () => {
  it('shows administrators the notifications for their organisation and everyone, newest first', async () => {
    const list = (await call('boss', 'GET', '/api/admin/notifications')).json();
    expect(list.map((n: { notificationText: string }) => n.notificationText)).toEqual([
      'Only for this organisation',
      'Everyone: maintenance on Sunday',
    ]);
  });

  it('reads one of them; another organisation, an observer and an unknown id find nothing', async () => {
    const id = async (text: string) =>
      ((await t.db.execute(`select id from notifications where text = '${text}'`)).rows[0] as { id: number })
        .id;
    const own = await id('Only for this organisation');
    const one = await call('boss', 'GET', `/api/admin/notifications/${own}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ notificationId: own, notificationText: 'Only for this organisation' });
    const theirs = await call('outsider', 'GET', `/api/admin/notifications/${own}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(
      (await call('boss', 'GET', '/api/admin/notifications/999999')).json().message,
    );
    expect((await call('general', 'GET', `/api/admin/notifications/${own}`)).statusCode).toBe(403);
  });

  it('removes one permanently for the caller only', async () => {
    const [first] = (await call('boss', 'GET', '/api/admin/notifications')).json();
    const after = (await call('boss', 'DELETE', `/api/admin/notifications/${first.notificationId}`)).json();
    expect(after.map((n: { notificationText: string }) => n.notificationText)).toEqual([
      'Everyone: maintenance on Sunday',
    ]);
    expect((await call('boss', 'GET', '/api/admin/notifications')).json()).toHaveLength(1);
    // Removed for the caller: not found for them from then on.
    expect((await call('boss', 'GET', `/api/admin/notifications/${first.notificationId}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses non-administrators and tells other organisations nothing', async () => {
    expect((await call('general', 'GET', '/api/admin/notifications')).statusCode).toBe(403);
    const theirs = (await call('outsider', 'GET', '/api/admin/notifications')).json();
    expect(theirs.map((n: { notificationText: string }) => n.notificationText)).toEqual([
      'Only for the other one',
      'Everyone: maintenance on Sunday',
    ]);
    const [mine] = (await call('root', 'GET', '/api/admin/notifications')).json();
    expect(mine).toBeDefined();
    const foreign = (
      await t.db.execute("select id from notifications where text = 'Only for this organisation'")
    ).rows[0] as { id: number };
    expect((await call('outsider', 'DELETE', `/api/admin/notifications/${foreign.id}`)).statusCode).toBe(404);
  });

  it('lets only product administrators publish, and refuses empty text', async () => {
    expect((await call('boss', 'POST', '/api/admin/notifications', { text: 'Hi' })).statusCode).toBe(403);
    const empty = await call('root', 'POST', '/api/admin/notifications', { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Enter the notification text');
  });
});
