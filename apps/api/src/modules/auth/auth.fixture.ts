import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

export const LOGIN_FAILED = 'Login unsuccessful.  Please try again';

export let t: TestApp;
export let orgId: number;

export const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/login',
    payload: { username, password },
    remoteAddress: ip,
  });

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_BACKOFF_AFTER: '1', LOGIN_MAX_FAILURES_PER_IP: '1000' } });
    const org = await createOrganisation(t.db, { name: 'Sign-in Test Org' });
    orgId = org.id;
    await createMember(t.db, orgId, { loginId: 'alice', email: 'Alice@Example.test', accessId: 3 });
    await createMember(t.db, orgId, { loginId: 'blocked', email: 'blocked@example.test', statusId: 2 });
    await createMember(t.db, orgId, {
      loginId: 'ssouser',
      email: 'sso@example.test',
      sso: true,
      password: null,
    });
    await createMember(t.db, orgId, { loginId: 'shut.out', email: 'shut@example.test', orgBlocked: true });
    await createMember(t.db, orgId, { loginId: 'limited', email: 'limited@example.test' });
  });
  afterAll(() => t.close());
}
