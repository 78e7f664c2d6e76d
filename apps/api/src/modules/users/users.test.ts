import { addMembership, createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, startSmtp } from '../../testing/smtp';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let org: { id: number };
let otherOrg: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    mailer: smtpMailer(smtp),
  });
  org = await createOrganisation(t.db, { name: 'Users Org' });
  otherOrg = await createOrganisation(t.db, { name: 'Elsewhere Org' });
  const add = async (key: string, o: Parameters<typeof createMember>[2], orgId = org.id) => {
    ids[key] = (await createMember(t.db, orgId, { loginId: key, ...o })).id;
  };
  await add('boss', { accessId: 2, admin: true, firstName: 'Bo', surname: 'Boss' });
  await add('general', { accessId: 3 });
  await add('watcher', { accessId: 4 });
  await add('target', {
    accessId: 4,
    firstName: 'Tara',
    surname: 'Target',
    email: 'tara.target@example.test',
  });
  await add('coadmin', { accessId: 2, admin: true });
  await add('outsider', { accessId: 2, admin: true }, otherOrg.id);
  await add('ssouser', { accessId: 4, sso: true, password: null });
  for (const k of ['boss', 'general', 'watcher', 'outsider']) tokens[k] = await t.login(k);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });

async function details(id: number) {
  return (await call('boss', 'GET', `/api/users/${id}`)).json();
}
const editable = (u: Record<string, unknown>) => {
  const {
    id: _i,
    userId: _u,
    lastVisit: _l,
    accessId: _a,
    accessLevel: _al,
    orgBlocked: _o,
    sso: _s,
    mayEdit: _m,
    ...rest
  } = u;
  return rest;
};

describe('GET /api/users', () => {
  it("lists the organisation's members for any member; only editors may edit other rows", async () => {
    const watcher = (await call('watcher', 'GET', '/api/users')).json();
    expect(watcher.mayEdit).toBe(false);
    expect(watcher.users.map((u: { userId: string }) => u.userId)).not.toContain('outsider');
    const rows = Object.fromEntries(
      watcher.users.map((u: { userId: string; mayEdit: boolean }) => [u.userId, u.mayEdit]),
    );
    expect(rows.watcher).toBe(true);
    expect(rows.target).toBe(false);
    expect((await call('general', 'GET', '/api/users')).json().mayEdit).toBe(true);
  });

  it('pages 100 at a time', async () => {
    const big = await createOrganisation(t.db, { name: 'Big Org' });
    await addMembership(t.db, { userId: ids.boss ?? 0, organisationId: big.id, accessId: 2, admin: true });
    for (let i = 0; i < 149; i++)
      await createMember(t.db, big.id, { password: null, surname: `Member${String(i).padStart(3, '0')}` });
    await call('boss', 'PUT', `/api/current-user/organisation/${big.id}`);
    const first = (await call('boss', 'GET', '/api/users')).json();
    expect(first.users).toHaveLength(100);
    expect(first.total).toBe(150);
    const second = (await call('boss', 'GET', '/api/users?offset=100')).json();
    expect(second.users).toHaveLength(50);
    expect(new Set([...first.users, ...second.users].map((u: { id: number }) => u.id)).size).toBe(150);
    await call('boss', 'PUT', `/api/current-user/organisation/${org.id}`);
  });
});

describe('editing details', () => {
  it('lets an observer edit only their own details', async () => {
    const target = await details(ids.target ?? 0);
    const refused = await call('watcher', 'PUT', `/api/users/${ids.target}`, {
      ...editable(target),
      position: 'Hacker',
    });
    expect(refused.statusCode).toBe(403);
    expect((await details(ids.target ?? 0)).position).toBe(target.position);
    const own = await details(ids.watcher ?? 0);
    const ok = await call('watcher', 'PUT', `/api/users/${ids.watcher}`, {
      ...editable(own),
      position: 'Energy analyst',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().position).toBe('Energy analyst');
  });

  it("lets a general user edit another member's details but not make them an administrator", async () => {
    const target = await details(ids.target ?? 0);
    const ok = await call('general', 'PUT', `/api/users/${ids.target}`, {
      ...editable(target),
      mobile: '021 555 0101',
    });
    expect(ok.json().mobile).toBe('021 555 0101');
    const admin = await call('general', 'PUT', `/api/users/${ids.target}`, {
      ...editable(target),
      admin: true,
    });
    expect(admin.statusCode).toBe(403);
    expect((await details(ids.target ?? 0)).admin).toBe(false);
    const grant = await call('general', 'PUT', `/api/users/${ids.target}/grant/2/to/${org.id}`);
    expect(grant.statusCode).toBe(403);
    expect(
      (await call('general', 'PUT', `/api/users/${ids.target}/grant/3/to/${org.id}`)).json().data.accessId,
    ).toBe(3);
    await call('boss', 'PUT', `/api/users/${ids.target}/grant/4/to/${org.id}`);
  });

  it("refuses bad values with the spec's messages and changes nothing", async () => {
    const target = await details(ids.target ?? 0);
    const cases: [object, string][] = [
      [{ email: 'not-an-email' }, 'Email address is not valid'],
      [{ email: 'boss@example.test' }, 'Email address is already in use'],
      [{ firstName: 'T' }, 'Must be at least 2 characters'],
    ];
    await call('boss', 'PUT', `/api/users/${ids.boss}`, {
      ...editable(await details(ids.boss ?? 0)),
      email: 'boss@example.test',
    });
    for (const [change, message] of cases) {
      const res = await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await details(ids.target ?? 0)).toEqual(target);
  });
});

describe('administrator actions', () => {
  it("makes and revokes administrators, but never on one's own account", async () => {
    const target = await details(ids.target ?? 0);
    expect(
      (await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), admin: true })).json()
        .admin,
    ).toBe(true);
    expect(
      (await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), admin: false })).json()
        .admin,
    ).toBe(false);
    const own = await details(ids.boss ?? 0);
    const demote = await call('boss', 'PUT', `/api/users/${ids.boss}`, { ...editable(own), admin: false });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe('You cannot do that to your own account');
    expect(
      (await call('boss', 'PUT', `/api/users/${ids.boss}`, { ...editable(own), blocked: true })).statusCode,
    ).toBe(403);
    expect((await call('boss', 'PUT', `/api/users/${ids.boss}/grant/4/to/${org.id}`)).statusCode).toBe(403);
    expect((await call('boss', 'POST', `/api/users/${ids.boss}/block/${org.id}`)).statusCode).toBe(403);
    expect((await call('boss', 'DELETE', `/api/users/${ids.boss}`)).statusCode).toBe(403);
    expect((await call('boss', 'DELETE', `/api/users/${ids.boss}/from/${org.id}`)).statusCode).toBe(403);
    expect(await details(ids.boss ?? 0)).toMatchObject({ admin: true, blocked: false, accessId: 2 });
  });

  it('blocks a user from the product, which ends their sessions, and unblocks them', async () => {
    const token = await t.login('target');
    const target = await details(ids.target ?? 0);
    expect(
      (await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), blocked: true })).json()
        .blocked,
    ).toBe(true);
    expect(
      (await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) })).statusCode,
    ).toBe(401);
    await expect(t.login('target')).rejects.toThrow();
    await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), blocked: false });
    await expect(t.login('target')).resolves.toBeTruthy();
  });

  it('blocks and unblocks within the organisation', async () => {
    expect((await call('boss', 'POST', `/api/users/${ids.target}/block/${org.id}`)).json().orgBlocked).toBe(
      true,
    );
    await expect(t.login('target')).rejects.toThrow();
    expect((await call('boss', 'DELETE', `/api/users/${ids.target}/block/${org.id}`)).json().orgBlocked).toBe(
      false,
    );
    expect((await call('general', 'POST', `/api/users/${ids.target}/block/${org.id}`)).statusCode).toBe(403);
  });

  it('refuses every action of an observer', async () => {
    const target = await details(ids.target ?? 0);
    const attempts = [
      call('watcher', 'PUT', `/api/users/${ids.target}`, editable(target)),
      call('watcher', 'PUT', `/api/users/${ids.target}/grant/3/to/${org.id}`),
      call('watcher', 'POST', `/api/users/${ids.target}/block/${org.id}`),
      call('watcher', 'DELETE', `/api/users/${ids.target}`),
      call('watcher', 'DELETE', `/api/users/${ids.target}/from/${org.id}`),
      call('watcher', 'PUT', `/api/users/${ids.target}/reset-password`, { password: 'Verdant-test-1' }),
      call('watcher', 'POST', '/api/users/create', {
        email: 'x@example.test',
        userId: 'x',
        firstName: 'Xx',
        surname: 'Yy',
      }),
      call('watcher', 'GET', '/api/users/email-check/x@example.test'),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
  });

  it('tells an administrator of another organisation nothing', async () => {
    const target = await details(ids.target ?? 0);
    const attempts = [
      call('outsider', 'GET', `/api/users/${ids.target}`),
      call('outsider', 'PUT', `/api/users/${ids.target}`, editable(target)),
      call('outsider', 'PUT', `/api/users/${ids.target}/grant/3/to/${org.id}`),
      call('outsider', 'PUT', `/api/users/${ids.target}/grant/3/to/${otherOrg.id}`),
      call('outsider', 'POST', `/api/users/${ids.target}/block/${org.id}`),
      call('outsider', 'DELETE', `/api/users/${ids.target}/block/${org.id}`),
      call('outsider', 'DELETE', `/api/users/${ids.target}`),
      call('outsider', 'DELETE', `/api/users/${ids.target}/from/${org.id}`),
      call('outsider', 'PUT', `/api/users/${ids.target}/reset-password`, { password: 'Verdant-test-1' }),
      call('outsider', 'PUT', `/api/users/${ids.target}/change-password`, {
        current: 'x',
        new: 'Verdant-test-2',
      }),
      call('outsider', 'POST', `/api/users/create/and-grant/3/to/${org.id}`, {
        email: 'z@example.test',
        userId: 'zz',
        firstName: 'Zz',
        surname: 'Zz',
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('Tara');
      expect(res.body).not.toContain('tara.target');
    }
    expect(
      (await call('outsider', 'GET', '/api/users')).json().users.map((u: { userId: string }) => u.userId),
    ).toEqual(['outsider']);
    expect(await details(ids.target ?? 0)).toEqual(target);
  });
});

describe('adding users', () => {
  it("checks email and login id with the spec's messages", async () => {
    expect((await call('boss', 'GET', '/api/users/email-check/nope')).json()).toEqual({
      success: false,
      message: 'Email address is not valid',
    });
    expect(
      (await call('boss', 'GET', '/api/users/email-check/TARA.target@example.test')).json().message,
    ).toMatch(/^Email address is already in use/);
    expect((await call('boss', 'GET', '/api/users/email-check/fresh@example.test')).json()).toEqual({
      success: true,
    });
    expect((await call('boss', 'GET', '/api/users/id-check/has%20space')).json()).toEqual({
      success: false,
      message: 'Login ID cannot contain spaces',
    });
    expect((await call('boss', 'GET', '/api/users/id-check/TARGET')).json()).toEqual({
      success: false,
      message: 'Login ID is already in use',
    });
    expect((await call('boss', 'GET', '/api/users/id-check/fresh.login')).json()).toEqual({ success: true });
  });

  it("answers within what the caller may see: another organisation's person reads as unused", async () => {
    // Tara is a member of Users Org only: its editors learn she exists, Elsewhere Org's administrator does not.
    const asked = async (who: string, url: string) => (await call(who, 'GET', url)).json();
    const pairs: [string, string][] = [
      ['/api/users/email-check/tara.target@example.test', '/api/users/email-check/nobody.x@example.test'],
      ['/api/users/id-check/target', '/api/users/id-check/nobody.x'],
    ];
    for (const [url, unused] of pairs) {
      expect((await asked('boss', url)).success, url).toBe(false);
      expect(await asked('outsider', url), url).toEqual(await asked('outsider', unused));
      expect(await asked('outsider', url), url).toEqual({ success: true });
    }
    // Creating the person still refuses the duplicate, with the spec's message, and creates nothing.
    const before = (await call('outsider', 'GET', '/api/users')).json().total;
    const duplicates: [Record<string, string>, string][] = [
      [{ email: 'tara.target@example.test' }, 'Email address is already in use'],
      [{ userId: 'target' }, 'Login ID is already in use'],
    ];
    for (const [change, message] of duplicates) {
      const res = await call('outsider', 'POST', '/api/users/create', {
        email: 'fresh.outsider@example.test',
        userId: 'fresh.outsider',
        title: 'Ms',
        firstName: 'Fay',
        surname: 'Fresh',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await call('outsider', 'GET', '/api/users')).json().total).toBe(before);
  });

  it('refuses a bad new user and creates nothing', async () => {
    const before = (await call('boss', 'GET', '/api/users')).json().total;
    const bad: [object, string][] = [
      [{ userId: '' }, 'Login ID is required'],
      [{ userId: 'has space' }, 'Login ID cannot contain spaces'],
      [{ userId: 'target' }, 'Login ID is already in use'],
      [{ email: 'tara.target@example.test' }, 'Email address is already in use'],
      [{ email: 'bad' }, 'Email address is not valid'],
      [{ firstName: 'N' }, 'Must be at least 2 characters'],
    ];
    for (const [change, message] of bad) {
      const res = await call('boss', 'POST', '/api/users/create', {
        email: 'newbie@example.test',
        userId: 'newbie',
        title: 'Mr',
        firstName: 'Ned',
        surname: 'Newbie',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await call('boss', 'GET', '/api/users')).json().total).toBe(before);
  });

  it('creates a user, grants the level and mails a link to set a password', async () => {
    const sent = smtp.received.length;
    const res = await call('boss', 'POST', `/api/users/create/and-grant/3/to/${org.id}`, {
      email: 'newbie@example.test',
      userId: 'newbie',
      title: 'Mr',
      firstName: 'Ned',
      surname: 'Newbie',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'User Ned Newbie created',
      data: { userId: 'newbie', accessId: 3 },
    });
    const mails = await smtp.waitFor(sent + 1);
    const mail = mails[sent];
    expect(mail?.to).toEqual(['newbie@example.test']);
    const token = mail?.text.match(/reset-password\?token=([\w-]+)/)?.[1] ?? '';
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/password-reset',
      payload: { token, password: 'Newbie-pass-1' },
    });
    expect(set.statusCode).toBe(200);
    await expect(t.login('newbie', 'Newbie-pass-1')).resolves.toBeTruthy();
  });

  it('lets a general user add an observer but not a primary contact', async () => {
    const ok = await call('general', 'POST', '/api/users/create', {
      email: 'obs@example.test',
      userId: 'obs',
      firstName: 'Ob',
      surname: 'Server',
    });
    expect(ok.json().data.accessId).toBe(4);
    const refused = await call('general', 'POST', `/api/users/create/and-grant/2/to/${org.id}`, {
      email: 'pc@example.test',
      userId: 'pc',
      firstName: 'Pc',
      surname: 'User',
    });
    expect(refused.statusCode).toBe(403);
  });
});

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
