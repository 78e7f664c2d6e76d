import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { sessions } from '@verdant/db/schema/core';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { hashToken } from '../../lib/tokens';
import { bearer, createTestApp } from '../../testing/test-app';
import { login, orgId, t, useFixture } from './auth.fixture';

useFixture();

describe('sessions', () => {
  it('returns the refreshed token and a sliding expiry on every authenticated answer', async () => {
    const token = await t.login('alice');
    const first = await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-auth-token']).toBe(token);
    expect(first.headers['x-organisation-id']).toBe(String(orgId));
    const expires1 = Date.parse(String(first.headers['x-session-expires']));
    expect(expires1 - Date.now()).toBeGreaterThan(229 * 60_000);
  });

  it('writes the slid expiry at most once a minute, not on every read', async () => {
    // The test moves the stored expiry behind the API's back, as no process does (a slide alone notifies
    // nobody, lib/access-cache.ts): this app reads the session on every call.
    const t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '0' } });
    await createMember(t.db, (await createOrganisation(t.db)).id, { loginId: 'alice' });
    onTestFinished(() => t.close());
    const token = await t.login('alice');
    const expiry = async () => {
      const res = await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return Date.parse(String(res.headers['x-session-expires']));
    };
    const setSlidAgo = (seconds: number) =>
      t.db
        .update(sessions)
        .set({
          expiresAt: sql`date_trunc('second', now()) + make_interval(secs => ${t.config.SESSION_TTL_SECONDS - seconds})`,
        })
        .where(eq(sessions.tokenHash, hashToken(token)))
        .returning({ expiresAt: sessions.expiresAt });

    // Slid 30 seconds ago: reads answer the stored expiry and leave it as it is.
    const [recent] = await setSlidAgo(30);
    expect(await expiry()).toBe(recent?.expiresAt.getTime());
    expect(await expiry()).toBe(recent?.expiresAt.getTime());

    // Slid 90 seconds ago: the next read slides it to a full session length from now, once.
    const [older] = await setSlidAgo(90);
    const slid = await expiry();
    expect(slid).toBeGreaterThan((older?.expiresAt.getTime() ?? 0) + 60_000);
    expect(slid - Date.now()).toBeGreaterThan((t.config.SESSION_TTL_SECONDS - 60) * 1000);
    expect(await expiry()).toBe(slid);
  });

  it('answers 401 once the session has expired, and does not revive it', async () => {
    const token = await t.login('alice');
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORISED' });
  });

  it('ends a session at its absolute lifetime however busy it is (SESSION_MAX_SECONDS, default 7 days)', async () => {
    expect(t.config.SESSION_MAX_SECONDS).toBe(7 * 24 * 60 * 60);
    const token = await t.login('alice');
    const mine = eq(sessions.tokenHash, hashToken(token));
    // Signed in 7 days less 2 minutes ago and in use all along: the slide stops at the sign-in + 7 days.
    const [moved] = await t.db
      .update(sessions)
      .set({
        createdAt: sql`date_trunc('second', now()) - interval '7 days' + interval '2 minutes'`,
        expiresAt: sql`now() + interval '30 seconds'`,
      })
      .where(mine)
      .returning({ createdAt: sessions.createdAt });
    const end = (moved?.createdAt.getTime() ?? 0) + 7 * 24 * 60 * 60 * 1000;
    const res = await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(String(res.headers['x-session-expires']))).toBe(end);
    const [row] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(mine);
    expect(row?.expiresAt.getTime()).toBe(end);
    // Past it, the session is over: 401, and no call revives it.
    await t.db
      .update(sessions)
      .set({
        createdAt: sql`now() - interval '7 days 1 second'`,
        expiresAt: sql`now() - interval '1 second'`,
      })
      .where(mine);
    for (let i = 0; i < 2; i++) {
      const after = await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
    }
  });

  it('takes the absolute lifetime from SESSION_MAX_SECONDS, shorter than a slide when so configured', async () => {
    const brief = await createTestApp({ env: { SESSION_MAX_SECONDS: '120' } });
    onTestFinished(() => brief.close());
    await createMember(brief.db, (await createOrganisation(brief.db)).id, { loginId: 'brief.max' });
    const token = await brief.login('brief.max');
    const res = await brief.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });
    const left = Date.parse(String(res.headers['x-session-expires'])) - Date.now();
    expect(left).toBeLessThanOrEqual(120_000);
    expect(left).toBeGreaterThan(60_000);
  });

  it('answers 401 without a token or with a made-up one', async () => {
    expect((await t.app.inject({ url: '/api/current-user/user-details' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/current-user/user-details', headers: bearer('made-up') });
    expect(res.statusCode).toBe(401);
  });

  it('ends the session at logout', async () => {
    const token = await t.login('alice');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/current-user/logout',
      headers: bearer(token),
    });
    expect(out.json()).toEqual({ success: true });
    expect(
      (await t.app.inject({ url: '/api/current-user/org-summary', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('expires a short session configured through SESSION_TTL_SECONDS', async () => {
    const short = await createTestApp({ env: { SESSION_TTL_SECONDS: '10' } });
    try {
      const org = await createOrganisation(short.db);
      await createMember(short.db, org.id, { loginId: 'brief' });
      const token = await short.login('brief');
      await short.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
      expect(
        (await short.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) }))
          .statusCode,
      ).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('a user with several organisations', () => {
  it('restores the most recently used organisation at the next login', async () => {
    const a = await createOrganisation(t.db, { name: 'Aardvark Ltd' });
    const b = await createOrganisation(t.db, { name: 'Zebra Ltd' });
    const user = await createUser(t.db, { loginId: 'multi' });
    await t.db.execute(
      sql`insert into memberships (user_id, organisation_id, access_id) values (${user.id}, ${a.id}, 3), (${user.id}, ${b.id}, 3)`,
    );
    const first = await login('multi', 'Verdant-test-1', '10.2.0.1');
    expect(first.json().data.organisation.name).toBe('Aardvark Ltd');
    const token = first.json().data.token;
    const sw = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${b.id}`,
      headers: bearer(token),
    });
    expect(sw.json()).toEqual({
      success: true,
      data: { id: b.id, name: 'Zebra Ltd', timeZone: 'Pacific/Auckland', alerts: 0 },
    });
    const again = await login('multi', 'Verdant-test-1', '10.2.0.1');
    expect(again.json().data.organisation.name).toBe('Zebra Ltd');
  });
});
