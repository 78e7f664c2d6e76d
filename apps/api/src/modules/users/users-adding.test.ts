import { describe, expect, it } from 'vitest';
import { call, org, smtp, t, useFixture } from './users.fixture';

useFixture();

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
