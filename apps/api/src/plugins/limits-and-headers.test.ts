import { SETTING_MESSAGES, SETTING_VALUE_MAX, SETTINGS_MAX_COUNT } from '@verdant/contracts/current-user';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { sessions, userSettings } from '@verdant/db/schema/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { HSTS_VALUE } from './headers';

/* Settings limits, no-store on API answers, HSTS over HTTPS only, strict direct-link tokens. */
let t: TestApp;
let proxied: TestApp;
let token: string;
let userId: number;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  const org = await createOrganisation(t.db, { name: 'Limits Org' });
  orgId = org.id;
  const user = await createMember(t.db, org.id, { loginId: 'limits.admin', accessId: 2, admin: true });
  userId = user.id;
  token = await t.login('limits.admin');
  const other = await createOrganisation(proxied.db, { name: 'Proxied Org' });
  await createMember(proxied.db, other.id, { loginId: 'proxied.user' });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

const putOne = (key: string, value: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/current-user/user-settings/${key}`,
    headers: bearer(token),
    payload: { value },
  });
const stored = async () =>
  (await t.db.select().from(userSettings).where(eq(userSettings.userId, userId))).length;

describe('user settings are capped', () => {
  it('refuses a value longer than the limit with a clear message', async () => {
    const res = await putOne('too.long', 'x'.repeat(SETTING_VALUE_MAX + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SETTING_MESSAGES.valueTooLong);
    expect((await putOne('just.right', 'x'.repeat(SETTING_VALUE_MAX))).statusCode).toBe(200);
    expect(await stored()).toBe(1);
  });

  it('keeps at most the maximum number of settings, and a write past it changes nothing', async () => {
    const many = Object.fromEntries(
      Array.from({ length: SETTINGS_MAX_COUNT - 1 }, (_, i) => [`key.${i}`, String(i)]),
    );
    const filled = await t.app.inject({
      method: 'PUT',
      url: '/api/current-user/user-settings',
      headers: bearer(token),
      payload: many,
    });
    expect(filled.statusCode).toBe(200);
    expect(await stored()).toBe(SETTINGS_MAX_COUNT);

    const oneMore = await putOne('one.more', 'v');
    expect(oneMore.statusCode).toBe(400);
    expect(oneMore.json().message).toBe(SETTING_MESSAGES.tooMany);
    expect(await stored()).toBe(SETTINGS_MAX_COUNT);

    // Changing an existing one, or removing one and adding another in one call, is fine.
    expect((await putOne('key.1', 'changed')).statusCode).toBe(200);
    const swap = await t.app.inject({
      method: 'PUT',
      url: '/api/current-user/user-settings',
      headers: bearer(token),
      payload: { 'key.2': null, 'swapped.in': 'v' },
    });
    expect(swap.statusCode).toBe(200);
    expect(await stored()).toBe(SETTINGS_MAX_COUNT);

    const tooManyAtOnce = await t.app.inject({
      method: 'PUT',
      url: '/api/current-user/user-settings',
      headers: bearer(token),
      payload: Object.fromEntries(Array.from({ length: SETTINGS_MAX_COUNT + 1 }, (_, i) => [`n.${i}`, 'v'])),
    });
    expect(tooManyAtOnce.statusCode).toBe(400);
    expect(tooManyAtOnce.json().message).toBe(SETTING_MESSAGES.tooMany);
    expect(await stored()).toBe(SETTINGS_MAX_COUNT);
  });
});

describe('caching and transport headers', () => {
  it('API answers, signed in or not, are Cache-Control: no-store', async () => {
    const details = await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });
    expect(details.statusCode).toBe(200);
    expect(details.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username: 'limits.admin', password: 'Verdant-test-1' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/api/current-user/user-details' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only over HTTPS, and trusts X-Forwarded-Proto only behind TRUST_PROXY', async () => {
    const plain = await t.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();

    const viaProxy = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const proxiedPlain = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(proxiedPlain.headers['strict-transport-security']).toBeUndefined();
  });

  it("takes the client's address from X-Forwarded-For only behind TRUST_PROXY", async () => {
    const signIn = (app: TestApp, username: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/public/login',
        headers: { 'x-forwarded-for': '203.0.113.7' },
        payload: { username, password: 'Verdant-test-1' },
        remoteAddress: '10.0.0.2',
      });
    const addresses = async (app: TestApp) =>
      (await app.db.select({ ip: sessions.ip }).from(sessions)).map((s) => s.ip);
    expect((await signIn(proxied, 'proxied.user')).statusCode).toBe(200);
    expect(await addresses(proxied)).toContain('203.0.113.7');
    expect((await signIn(t, 'limits.admin')).statusCode).toBe(200);
    expect(await addresses(t)).toContain('10.0.0.2');
    expect(await addresses(t)).not.toContain('203.0.113.7');
  });
});

describe('direct-link tokens', () => {
  it('open with exactly their two parts, and are refused with anything added', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${orgId}/logo`,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream', 'x-filename': 'logo.png' },
      payload: png,
    });
    expect(uploaded.statusCode).toBe(200);
    const logo = await t.app.inject({ url: `/api/organisations/${orgId}/logo`, headers: bearer(token) });
    const url: string = logo.json().logo?.url ?? '';
    expect(url).toMatch(/^\/api\/direct\/[^/]+\/logo\/\d+$/);
    const good = url.split('/')[3] ?? '';
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    for (const bad of [`${good}.extra`, `${good}.`, `${good}=`, `x${good}`, `${good.replace('.', '..')}`]) {
      const res = await t.app.inject({ url: url.replace(good, encodeURIComponent(bad)) });
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
    }
  });
});
