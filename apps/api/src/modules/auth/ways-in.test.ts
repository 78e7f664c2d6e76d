import { USER_MESSAGES } from '@verdant/contracts/users';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Every way in ends with the password (docs/decisions/security.md): a change or a reset of the password ends
 * the person's other sessions and every one-time sign-in link (`tx`/`sx`) made before it; a login ID is never
 * another person's email, and one identifier signs in one person.
 */

let t: TestApp;
let orgId: number;
const mails: { to: string; text: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (m) => void mails.push(m as (typeof mails)[number]) } });
  orgId = (await createOrganisation(t.db, { name: 'Ways In Org' })).id;
  await createMember(t.db, orgId, { loginId: 'ways.changer', email: 'changer@ways.test' });
  await createMember(t.db, orgId, { loginId: 'ways.resetter', email: 'resetter@ways.test' });
  await createMember(t.db, orgId, {
    loginId: 'ways.admin',
    email: 'admin@ways.test',
    accessId: 2,
    admin: true,
  });
  await createUser(t.db, { loginId: 'ways.root', email: 'root@ways.test', productAdmin: true });
});
afterAll(() => t?.close());

const me = (token: string) => t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });
const linkOf = async (token: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/current-user/login-token',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { tx: string; sx: string };
};
const useLink = (link: { tx: string; sx: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/login/token-login',
    payload: { token: link.tx, session: link.sx },
  });
const idOf = async (token: string) => (await me(token)).json().id as number;

describe('a password change or reset', () => {
  it('ends the other sessions and every one-time link made before a change', async () => {
    const here = await t.login('ways.changer');
    const elsewhere = await t.login('changer@ways.test');
    const link = await linkOf(elsewhere);
    const id = await idOf(here);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/change-password`,
      headers: bearer(here),
      payload: { current: 'Verdant-test-1', new: 'Changed-secret-51' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    const used = await useLink(link);
    expect(used.statusCode).toBe(401);
  });

  it('ends every session and every one-time link made before a reset', async () => {
    const session = await t.login('ways.resetter');
    const link = await linkOf(session);
    await t.app.inject({ method: 'PUT', url: '/api/public/login/reset-password/resetter%40ways.test' });
    await expect.poll(() => mails.filter((m) => m.to === 'resetter@ways.test').length).toBe(1);
    const token = mails.find((m) => m.to === 'resetter@ways.test')?.text.match(/token=([\w-]+)/)?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/password-reset',
      payload: { token, password: 'Reset-secret-52' },
    });
    expect(reset.json()).toEqual({ success: true, message: 'Password changed' });
    expect((await me(session)).statusCode).toBe(401);
    expect((await useLink(link)).statusCode).toBe(401);
    await expect(t.login('ways.resetter', 'Reset-secret-52')).resolves.toBeTruthy();
  });
});

describe('sign-in identifiers', () => {
  const create = async (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/users/create', headers: bearer(token), payload: body });

  it('refuses a login ID that is another person’s email, or any email but the person’s own', async () => {
    const admin = await t.login('ways.admin');
    const base = { firstName: 'Pat', surname: 'Taken' };
    const theirs = await create(admin, { ...base, email: 'pat@ways.test', userId: 'changer@ways.test' });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(USER_MESSAGES.loginIdOtherEmail);
    const unused = await create(admin, { ...base, email: 'pat@ways.test', userId: 'nobody@ways.test' });
    expect(unused.statusCode).toBe(400);
    expect(unused.json().message).toBe(USER_MESSAGES.loginIdOtherEmail);
    const own = await create(admin, { ...base, email: 'pat@ways.test', userId: 'Pat@ways.test' });
    expect(own.statusCode).toBe(200);
    // Pat's address changes; their login ID stays an identifier of theirs, so nobody else may take it.
    const root = await t.login('ways.root');
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${own.json().data.id}`,
      headers: bearer(root),
      payload: { email: 'pat.new@ways.test', firstName: 'Pat', surname: 'Taken' },
    });
    expect(moved.statusCode).toBe(200);
    const reuse = await create(admin, { ...base, email: 'PAT@ways.test', userId: 'pat.two' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(USER_MESSAGES.emailInUse);
  });

  it('keeps one namespace in the database, whoever writes', async () => {
    // A login ID that is someone's email, written past the API: the database refuses it.
    await expect(createUser(t.db, { loginId: 'ROOT@ways.test', email: 'other@ways.test' })).rejects.toThrow();
    await expect(createUser(t.db, { loginId: 'fresh.one', email: 'Ways.Changer' })).rejects.toThrow();
    // A product administrator cannot give someone an email that is another person's login ID.
    const root = await t.login('ways.root');
    const changer = await t.login('ways.changer', 'Changed-secret-51');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${await idOf(changer)}`,
      headers: bearer(root),
      payload: { email: 'ways.resetter', firstName: 'Chang', surname: 'Er' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('signs one person in by an identifier in any letter case', async () => {
    const token = await t.login('CHANGER@WAYS.TEST', 'Changed-secret-51');
    expect((await me(token)).json().userId).toBe('ways.changer');
  });
});
