import { addMembership, createMember, createUser } from '@verdant/db/factories';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../testing/test-app';
import { call, editable, ids, org, otherOrg, smtp, t, useFixture } from './users.fixture';

useFixture();

describe('passwords', () => {
  it("changes one's own password", async () => {
    const token = await t.login('general');
    const other = await t.login('general');
    const put = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${ids.general}/change-password`,
        headers: bearer(token),
        payload: body,
      });
    const wrong = await put({ current: 'nope', new: 'Better-pass-2' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Password was not correct');
    const weak = await put({ current: 'Verdant-test-1', new: 'weak' });
    expect(weak.json().message).toBe('Password requires greater complexity');
    const ok = await put({ current: 'Verdant-test-1', new: 'Better-pass-2' });
    expect(ok.json()).toEqual({ success: true, message: 'Password changed' });
    expect(
      (await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(other) })).statusCode,
    ).toBe(401);
    await expect(t.login('general', 'Better-pass-2')).resolves.toBeTruthy();
    const forOther = await call('boss', 'PUT', `/api/users/${ids.general}/change-password`, {
      current: 'x',
      new: 'Better-pass-3',
    });
    expect(forOther.statusCode).toBe(403);
  });

  it("resets another user's password only with the administrator's own password", async () => {
    const wrong = await call('boss', 'PUT', `/api/users/${ids.target}/reset-password`, {
      password: 'not mine',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your password was not correct');
    const sent = smtp.received.length;
    const ok = await call('boss', 'PUT', `/api/users/${ids.target}/reset-password`, {
      password: 'Verdant-test-1',
    });
    expect(ok.json()).toEqual({
      success: true,
      message: 'Tara Target has been sent password reset instructions.',
    });
    const mails = await smtp.waitFor(sent + 1);
    expect(mails[sent]?.to).toEqual(['tara.target@example.test']);
    expect(mails[sent]?.text).toMatch(/reset-password\?token=/);
    expect(
      (await call('boss', 'PUT', `/api/users/${ids.ssouser}/reset-password`, { password: 'Verdant-test-1' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('my own record', () => {
  it('is readable and editable by a product administrator who is no member of the organisation', async () => {
    const root = await createUser(t.db, { loginId: 'root.user', productAdmin: true });
    const token = await t.login('root.user');
    const headers = bearer(token);
    await t.app.inject({ method: 'PUT', url: `/api/current-user/organisation/${org.id}`, headers });
    const own = await t.app.inject({ url: `/api/users/${root.id}`, headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ userId: 'root.user', accessId: -2, accessLevel: 'None' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${root.id}`,
      headers,
      payload: { ...editable(own.json()), position: 'Provider' },
    });
    expect(saved.json().position).toBe('Provider');
    // Still nobody else's record outside the organisation.
    const stranger = await createUser(t.db, {});
    expect((await t.app.inject({ url: `/api/users/${stranger.id}`, headers })).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it("deletes a user with the spec's message", async () => {
    const doomed = await createMember(t.db, org.id, { firstName: 'Dee', surname: 'Parted' });
    const res = await call('boss', 'DELETE', `/api/users/${doomed.id}`);
    expect(res.json()).toEqual({ success: true, message: 'Dee Parted was deleted' });
    expect((await call('boss', 'GET', `/api/users/${doomed.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete someone who belongs to another organisation too', async () => {
    const shared = await createUser(t.db, {});
    await addMembership(t.db, { userId: shared.id, organisationId: org.id, accessId: 4 });
    await addMembership(t.db, { userId: shared.id, organisationId: otherOrg.id, accessId: 4 });
    expect((await call('boss', 'DELETE', `/api/users/${shared.id}`)).statusCode).toBe(409);
    expect((await call('boss', 'DELETE', `/api/users/${shared.id}/from/${org.id}`)).json()).toEqual({
      success: true,
    });
    expect((await call('outsider', 'GET', `/api/users/${shared.id}`)).statusCode).toBe(200);
  });
});
