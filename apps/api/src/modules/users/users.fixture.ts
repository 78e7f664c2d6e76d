import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll } from 'vitest';
import { smtpMailer, startSmtp } from '../../testing/smtp';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

export let t: TestApp;
export let smtp: Awaited<ReturnType<typeof startSmtp>>;
export let org: { id: number };
export let otherOrg: { id: number };
export const ids: Record<string, number> = {};
export const tokens: Record<string, string> = {};

export const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });

export async function details(id: number) {
  return (await call('boss', 'GET', `/api/users/${id}`)).json();
}
export const editable = (u: Record<string, unknown>) => {
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

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
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
}
