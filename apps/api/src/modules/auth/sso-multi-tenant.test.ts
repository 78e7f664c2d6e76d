import { createMember, createOrganisation } from '@verdant/db/factories';
import { MSG } from '@verdant/domain/messages';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signInAtProvider,
  startTestProvider,
  TEST_TENANT,
  type TestProvider,
} from '../../testing/oidc-test-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { issuerMatches } from './oidc';

const REDIRECT = 'http://verdant.test/login/microsoft';
const SECRET = 'verdant-test-client-secret-0123456789';
const ENTRA = 'https://login.microsoftonline.com';
const COMMON = `${ENTRA}/common/v2.0`;
const TEMPLATE = `${ENTRA}/{tenantid}/v2.0`;
const OTHER_TENANT = '99999999-8888-7777-6666-555555555555';

describe('the issuer check of a multi-tenant (templated) issuer', () => {
  const iss = `${ENTRA}/${TEST_TENANT}/v2.0`;
  it('accepts the template filled with the token’s own tenant', () => {
    expect(issuerMatches(TEMPLATE, { iss, tid: TEST_TENANT })).toBe(true);
  });
  it('refuses another tenant’s issuer, a missing or malformed tid, and a missing iss', () => {
    expect(issuerMatches(TEMPLATE, { iss, tid: OTHER_TENANT })).toBe(false);
    expect(issuerMatches(TEMPLATE, { iss: `${ENTRA}/${OTHER_TENANT}/v2.0`, tid: TEST_TENANT })).toBe(false);
    expect(issuerMatches(TEMPLATE, { iss })).toBe(false);
    expect(issuerMatches(TEMPLATE, { iss: `${ENTRA}/x/../v2.0`, tid: 'x/..' })).toBe(false);
    expect(issuerMatches(TEMPLATE, { tid: TEST_TENANT })).toBe(false);
  });
  it('compares a plain issuer exactly', () => {
    expect(issuerMatches('http://127.0.0.1:1', { iss: 'http://127.0.0.1:1' })).toBe(true);
    expect(issuerMatches('http://127.0.0.1:1', { iss: 'http://127.0.0.1:2', tid: TEST_TENANT })).toBe(false);
  });
});

/**
 * The test provider mimics Microsoft Entra ID's multi-tenant endpoint: the portal is configured with
 * `https://login.microsoftonline.com/common/v2.0`, whose discovery publishes the issuer template, and the ID
 * tokens carry the tenant's own issuer `https://login.microsoftonline.com/{tid}/v2.0`. The app's HTTP client
 * reaches the provider on 127.0.0.1 for every https://login.microsoftonline.com address.
 */
let entra: TestProvider;
let t: TestApp;
/** The last ID token the provider issued to the app. */
let lastIdToken = '';

const toLocal = (url: string) => {
  if (!url.startsWith(ENTRA)) return url;
  const u = new URL(url);
  return `${entra.origin}${u.pathname.replace(/^\/[^/]+\/v2\.0/, '')}${u.search}`;
};

const entraFetch: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const res = await fetch(input instanceof Request ? new Request(toLocal(url), input) : toLocal(url), init);
  if (url.endsWith('/token') && res.ok) {
    const body = (await res.json()) as { id_token?: string };
    lastIdToken = body.id_token ?? '';
    return Response.json(body, { status: res.status });
  }
  if (!url.endsWith('/.well-known/openid-configuration')) return res;
  // Entra's /common discovery: endpoints under /common, the issuer as a template.
  const meta = JSON.parse((await res.text()).replaceAll(entra.origin, COMMON)) as Record<string, unknown>;
  delete meta.authorization_response_iss_parameter_supported;
  return Response.json({ ...meta, issuer: TEMPLATE }, { status: res.status });
};

beforeAll(async () => {
  entra = await startTestProvider([{ clientId: 'verdant', clientSecret: SECRET, redirectUris: [REDIRECT] }], {
    issuer: `${ENTRA}/${TEST_TENANT}/v2.0`,
  });
  t = await createTestApp({
    env: {
      OIDC_ISSUER: COMMON,
      OIDC_CLIENT_ID: 'verdant',
      OIDC_CLIENT_SECRET: SECRET,
      OIDC_TENANT_ID: `${OTHER_TENANT}, ${TEST_TENANT.toUpperCase()}`,
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000',
    },
    oidcFetch: entraFetch,
  });
  const org = await createOrganisation(t.db, { name: 'Tenant Org' });
  await createMember(t.db, org.id, { loginId: 'olive', email: 'observer@verdant.example', accessId: 4 });
  await createMember(t.db, org.id, { loginId: 'outsider', email: 'outsider@sso.example' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await entra?.close();
});

async function signIn(login: string) {
  const started = await t.app.inject({ url: '/api/public/login/ms-login/start' });
  expect(started.statusCode).toBe(200);
  const { url, attempt } = started.json() as { url: string; attempt: string };
  expect(url.startsWith(`${COMMON}/`)).toBe(true);
  // Entra puts no `iss` in its authorization answer (RFC 9207), and publishes no support for it.
  const answer = new URLSearchParams(await signInAtProvider(toLocal(url), login));
  answer.delete('iss');
  const token = answer.toString();
  return t.app.inject({ method: 'POST', url: '/api/public/login/ms-login', payload: { token, attempt } });
}

describe('sign in through a multi-tenant Microsoft Entra issuer (/common)', () => {
  it('accepts the tenant-specific issuer of a tenant on the allow-list', async () => {
    const res = await signIn('olive');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ userId: 'olive' });
    // What Entra sends: the tenant's own issuer, not the configured /common one.
    expect(decodeJwt(lastIdToken)).toMatchObject({ iss: `${ENTRA}/${TEST_TENANT}/v2.0`, tid: TEST_TENANT });
  });

  it('refuses a token whose issuer is not its own tenant’s', async () => {
    // The outsider's token says tid "another-tenant" but comes from this tenant's issuer.
    const res = await signIn('outsider');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.ssoFailed);
  });

  it('refuses a tenant that is not on the allow-list, and accepts any tenant without one', async () => {
    const oidc = t.config.oidc;
    if (!oidc) throw new Error('not configured');
    const tenants = oidc.tenants;
    try {
      oidc.tenants = [OTHER_TENANT];
      const refused = await signIn('olive');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(MSG.loginUnsuccessful);
      oidc.tenants = [];
      expect((await signIn('olive')).statusCode).toBe(200);
    } finally {
      oidc.tenants = tenants;
    }
  });
});
