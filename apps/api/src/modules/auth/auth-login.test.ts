import { describe, expect, it } from 'vitest';
import { bearer, createTestApp } from '../../testing/test-app';
import { LOGIN_FAILED, login, orgId, t, useFixture } from './auth.fixture';

useFixture();

describe('POST /api/public/login', () => {
  it('signs in with the login id and answers a token, the user and the organisation', async () => {
    const res = await login('alice', 'Verdant-test-1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.user).toMatchObject({
      userId: 'alice',
      accessId: 3,
      access: 'General User',
      org: orgId,
    });
    expect(body.data.organisation).toEqual({
      id: orgId,
      name: 'Sign-in Test Org',
      timeZone: 'Pacific/Auckland',
      alerts: 0,
    });
  });

  it('signs in with the email, whatever its case', async () => {
    const res = await login('alice@EXAMPLE.test', 'Verdant-test-1');
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['an unknown user', 'nobody', 'Verdant-test-1'],
    ['a wrong password', 'alice', 'wrong-password'],
    ['a user blocked from the product', 'blocked', 'Verdant-test-1'],
    ['a single sign-on user', 'ssouser', 'anything'],
    ['a user with no organisation to enter', 'shut.out', 'Verdant-test-1'],
  ])('refuses %s with the one message', async (_case, username, password) => {
    const res = await login(username, password, `10.1.0.${Math.floor(Math.random() * 250)}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: LOGIN_FAILED, code: 'LOGIN_FAILED' });
    expect(res.json().requestId).toBeTruthy();
  });

  it('answers 400 with field messages for a missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username: 'alice' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(res.json().fields.password).toBeDefined();
  });

  it('holds back the addresses that failed on an account, but not the owner from a new one', async () => {
    // Six failures from six addresses (LOGIN_BACKOFF_AFTER 1): each one is checked, being new to the account.
    for (let i = 1; i <= 6; i++) expect((await login('limited', 'bad', `10.9.9.${i}`)).statusCode).toBe(401);
    // An address that failed waits 2^5 s after the latest failure, even with the right password.
    const held = await login('limited', 'Verdant-test-1', '10.9.9.1');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ seconds and try again\.$/,
    );
    // docs/decisions/security.md, Sign-in back-off: a new address is checked; the addresses' other accounts are not held.
    expect((await login('alice', 'Verdant-test-1', '10.9.9.1')).statusCode).toBe(200);
    expect((await login('limited', 'Verdant-test-1', '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('token login', () => {
  it('signs in once with a tx/sx pair and refuses the pair afterwards', async () => {
    const token = await t.login('alice');
    const pair = (
      await t.app.inject({ method: 'POST', url: '/api/current-user/login-token', headers: bearer(token) })
    ).json().data;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/token-login',
      payload: { token: pair.tx, session: pair.sx },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user.userId).toBe('alice');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/token-login',
      payload: { token: pair.tx, session: pair.sx },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(LOGIN_FAILED);
  });

  it('refuses a token with the wrong session half', async () => {
    const token = await t.login('alice');
    const pair = (
      await t.app.inject({ method: 'POST', url: '/api/current-user/login-token', headers: bearer(token) })
    ).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/token-login',
      payload: { token: pair.tx, session: 'other' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('alternate login and single sign-on', () => {
  it('answers no alternate login by default, and the configured one when set', async () => {
    const none = await t.app.inject({ url: '/api/public/login/alternate-login' });
    expect(none.json()).toEqual({ 'login-option': null, props: {} });
    const alt = await createTestApp({
      env: {
        ALTERNATE_LOGIN: JSON.stringify({
          option: 'partner',
          props: { label: 'Partner portal', url: 'https://partner.example' },
        }),
      },
    });
    try {
      const res = await alt.app.inject({ url: '/api/public/login/alternate-login' });
      expect(res.json()).toEqual({
        'login-option': 'partner',
        props: { label: 'Partner portal', url: 'https://partner.example' },
      });
    } finally {
      await alt.close();
    }
  });

  it('says single sign-on is off unless configured, and the test drive off without the demo account', async () => {
    expect((await t.app.inject({ url: '/api/public/login/sso' })).json()).toEqual({
      microsoft: false,
      testDrive: false,
    });
  });
});
