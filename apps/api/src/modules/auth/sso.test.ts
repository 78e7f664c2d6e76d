import { createMember, createOrganisation } from '@verdant/db/factories';
import { memberships, users } from '@verdant/db/schema/core';
import { freePort } from '@verdant/db/testing/free-port';
import { MSG } from '@verdant/domain/messages';
import { eq } from 'drizzle-orm';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signInAtProvider,
  startTestProvider,
  TEST_TENANT,
  type TestProvider,
} from '../../testing/oidc-test-provider';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

const REDIRECT = 'http://verdant.test/login/microsoft';
const SECRET = 'verdant-test-client-secret-0123456789';
const OTHER = {
  clientId: 'other-app',
  clientSecret: 'other-app-secret-0123456789',
  redirectUris: [REDIRECT],
};

type TokenBody = Record<string, unknown> & { id_token?: string };
/** Rewrites the provider's token answer on its way to the app (a forged or swapped ID token). */
let tamper: ((body: TokenBody) => Promise<TokenBody>) | undefined;

const tamperingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (!tamper || !url.endsWith('/token') || !res.ok) return res;
  const body = await tamper((await res.json()) as TokenBody);
  return new Response(JSON.stringify(body), {
    status: res.status,
    headers: { 'content-type': 'application/json' },
  });
};

let idp: TestProvider;
let t: TestApp;
let jit: TestApp;
let down: TestApp;
let orgId: number;
let jitOrgId: number;

const oidcEnv = (issuer: string, extra: Record<string, string> = {}) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: 'verdant',
  OIDC_CLIENT_SECRET: SECRET,
  OIDC_TENANT_ID: TEST_TENANT,
  PUBLIC_RATE_LIMIT_PER_MINUTE: '1000',
  ...extra,
});

beforeAll(async () => {
  idp = await startTestProvider([
    { clientId: 'verdant', clientSecret: SECRET, redirectUris: [REDIRECT] },
    OTHER,
  ]);
  t = await createTestApp({ env: oidcEnv(idp.issuer), oidcFetch: tamperingFetch });
  const org = await createOrganisation(t.db, { name: 'SSO Org' });
  orgId = org.id;
  await createMember(t.db, orgId, { loginId: 'olive', email: 'Observer@verdant.example', accessId: 4 });
  await createMember(t.db, orgId, { loginId: 'unverified', email: 'unverified@sso.example' });
  await createMember(t.db, orgId, { loginId: 'blocked', email: 'blocked@sso.example', statusId: 2 });
  await createMember(t.db, orgId, { loginId: 'outsider', email: 'outsider@sso.example' });
  await createMember(t.db, orgId, { loginId: 'pat', email: 'pat@example.test' });

  jit = await createTestApp({ env: oidcEnv(idp.issuer, { OIDC_JIT_ORGANISATION_ID: '1' }) });
  jitOrgId = (await createOrganisation(jit.db, { name: 'JIT Org' })).id;
  // The organisation exists only now that the database does: point the setting at it.
  jit.config.OIDC_JIT_ORGANISATION_ID = jitOrgId;

  down = await createTestApp({ env: oidcEnv(`http://127.0.0.1:${await freePort()}`) });
  await createMember(down.db, (await createOrganisation(down.db, { name: 'Down Org' })).id, {
    loginId: 'pat',
    email: 'pat@example.test',
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([t?.close(), jit?.close(), down?.close()]);
  await idp?.close();
});

async function start(app: TestApp) {
  const res = await app.app.inject({ url: '/api/public/login/ms-login/start' });
  expect(res.statusCode).toBe(200);
  return res.json() as { url: string; attempt: string };
}

const finish = (app: TestApp, payload: Record<string, unknown>) =>
  app.app.inject({ method: 'POST', url: '/api/public/login/ms-login', payload });

/** The whole round trip: start, sign in at the provider's page as `login`, hand the answer to the app. */
async function signInWithProvider(login: string, app = t) {
  const { url, attempt } = await start(app);
  const token = await signInAtProvider(url, login);
  return { token, attempt, res: await finish(app, { token, attempt, email: 'ignored@evil.example' }) };
}

describe('sign in with Microsoft (OpenID Connect against a real provider)', () => {
  it('says it is configured, and starts the authorization code flow with PKCE, state and nonce', async () => {
    expect((await t.app.inject({ url: '/api/public/login/sso' })).json()).toMatchObject({ microsoft: true });
    const { url } = await start(t);
    const asked = new URL(url);
    expect(asked.origin).toBe(idp.issuer);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      client_id: 'verdant',
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(asked.searchParams.get(p)).toBeTruthy();
  });

  it('signs in the person with the verified email, with a session like the password sign-in', async () => {
    const { res } = await signInWithProvider('olive');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    expect(body.data.user).toMatchObject({ userId: 'olive', org: orgId, accessId: 4 });
    const left = new Date(body.data.expiresAt).getTime() - Date.now();
    expect(left).toBeGreaterThan((t.config.SESSION_TTL_SECONDS - 60) * 1000);
    expect(left).toBeLessThanOrEqual(t.config.SESSION_TTL_SECONDS * 1000);
    const me = await t.app.inject({
      url: '/api/current-user/user-details',
      headers: bearer(body.data.token),
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a replayed code', async () => {
    const { token, attempt, res } = await signInWithProvider('olive');
    expect(res.statusCode).toBe(200);
    const again = await finish(t, { token, attempt });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MSG.ssoFailed);
  });

  it('refuses a bad state, and an answer started in another browser', async () => {
    const { url, attempt } = await start(t);
    const token = await signInAtProvider(url, 'olive');
    const forged = new URLSearchParams(token);
    forged.set('state', 'not-the-state-we-sent');
    const bad = await finish(t, { token: forged.toString(), attempt });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(MSG.ssoFailed);
    // Another attempt (another tab's state) does not fit this answer either.
    const other = await start(t);
    expect((await finish(t, { token, attempt: other.attempt })).statusCode).toBe(401);
    // A tampered attempt is refused by its signature.
    const [body = ''] = attempt.split('.');
    expect((await finish(t, { token, attempt: `${body}.forged` })).statusCode).toBe(401);
  });

  it('refuses a callback without state with a clear 400', async () => {
    const { url, attempt } = await start(t);
    const answer = new URLSearchParams(await signInAtProvider(url, 'olive'));
    answer.delete('state');
    const res = await finish(t, { token: answer.toString(), attempt });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.ssoNoState);
    const empty = await finish(t, { token: '', attempt });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses an ID token forged with another key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    await exportJWK(privateKey);
    tamper = async (body) => {
      const claims = decodeJwt(body.id_token ?? '');
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .sign(privateKey);
      return { ...body, id_token: forged };
    };
    try {
      const { res } = await signInWithProvider('olive');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.ssoFailed);
    } finally {
      tamper = undefined;
    }
  });

  it('refuses a genuine ID token issued to another application (wrong audience)', async () => {
    const { url, attempt } = await start(t);
    // The same nonce, so that only the audience differs.
    const nonce = new URL(url).searchParams.get('nonce') ?? '';
    const otherConfig = await oidc.discovery(
      new URL(idp.issuer),
      OTHER.clientId,
      OTHER.clientSecret,
      undefined,
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const otherUrl = oidc.buildAuthorizationUrl(otherConfig, {
      redirect_uri: REDIRECT,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const otherAnswer = await signInAtProvider(otherUrl.href, 'olive');
    const otherTokens = await oidc.authorizationCodeGrant(otherConfig, new URL(`${REDIRECT}${otherAnswer}`), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(decodeJwt(otherTokens.id_token ?? '').aud).toBe('other-app');
    tamper = async (body) => ({ ...body, id_token: otherTokens.id_token });
    try {
      const res = await finish(t, { token: await signInAtProvider(url, 'olive'), attempt });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.ssoFailed);
    } finally {
      tamper = undefined;
    }
  });

  it.each([
    ['an unverified email', 'unverified'],
    ['a blocked user', 'blocked'],
    ['another tenant', 'outsider'],
    ['an unknown person (no just-in-time creation)', 'newcomer'],
  ])('refuses %s with the login failure message', async (_what, login) => {
    const { res } = await signInWithProvider(login);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.loginUnsuccessful);
  });

  it('never takes the identity from the posted profile fields', async () => {
    const { res } = await signInWithProvider('newcomer');
    expect(res.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'ignored@evil.example'));
    expect(row).toBeUndefined();
  });

  it('creates an unknown person as an Observer of the configured organisation when just-in-time is on', async () => {
    const { res } = await signInWithProvider('newcomer', jit);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      userId: 'newcomer@sso.example',
      org: jitOrgId,
      accessId: 4,
    });
    const [row] = await jit.db.select().from(users).where(eq(users.email, 'newcomer@sso.example'));
    expect(row).toMatchObject({ firstName: 'Nina', surname: 'Newcomer', sso: true, passwordHash: null });
    const member = await jit.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, row?.id ?? 0));
    expect(member).toMatchObject([{ organisationId: jitOrgId, accessId: 4 }]);
    // The second time signs the same person in, without a second account.
    expect((await signInWithProvider('newcomer', jit)).res.statusCode).toBe(200);
    expect(await jit.db.select().from(users).where(eq(users.email, 'newcomer@sso.example'))).toHaveLength(1);
    // An unverified email is still refused, just-in-time or not.
    expect((await signInWithProvider('unverified', jit)).res.statusCode).toBe(401);
  });

  it('says clearly when the provider is down, and the password sign-in still works', async () => {
    expect((await down.app.inject({ url: '/api/public/login/sso' })).json()).toMatchObject({
      microsoft: true,
    });
    const started = await down.app.inject({ url: '/api/public/login/ms-login/start' });
    expect(started.statusCode).toBe(503);
    expect(started.json().message).toBe(MSG.ssoUnavailable);
    const res = await finish(down, { token: 'code=abc&state=def', attempt: 'e30.x' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MSG.ssoUnavailable);
    expect(await down.login('pat')).toMatch(/^[\w-]{40,}$/);
  });

  it('is not offered when not configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/api/public/login/sso' })).json()).toMatchObject({
        microsoft: false,
      });
      expect((await plain.app.inject({ url: '/api/public/login/ms-login/start' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
