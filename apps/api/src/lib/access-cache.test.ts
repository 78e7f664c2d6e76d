import { createMember, createOrganisation } from '@verdant/db/factories';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsDuring } from '../testing/statements-during';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { until } from '../testing/until';

describe('the session and rights cache (changes made elsewhere empty it)', () => {
  let t: TestApp;
  // Another process's connection: its changes reach this one only through the database's notification.
  let other: pg.Client;
  let organisationId: number;

  beforeAll(async () => {
    // Kept far longer than any test waits, so only the notification can empty it.
    t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '300' } });
    other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    organisationId = (await createOrganisation(t.db, { name: 'Cache Org' })).id;
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  const details = (token: string) =>
    t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });

  it('reads the session, the person and their role in one statement, then none while it is kept', async () => {
    const member = await createMember(t.db, organisationId, { loginId: 'cache.reader', accessId: 3 });
    const token = await t.login(member.loginId);
    const first = await statementsDuring(() => details(token));
    expect(first.filter((s) => /"sessions"/.test(s))).toHaveLength(1);
    expect(first).toHaveLength(1);
    const again = await statementsDuring(() => details(token));
    expect(again).toEqual([]);
    expect((await details(token)).json()).toMatchObject({ accessId: 3 });
  });

  // docs/decisions/performance.md, The organisation summary.
  it('answers the organisation summary from the session, and follows a rename made by another process', async () => {
    const member = await createMember(t.db, organisationId, { loginId: 'cache.summary', accessId: 3 });
    const token = await t.login(member.loginId);
    const summary = () => t.app.inject({ url: '/api/current-user/org-summary', headers: bearer(token) });
    expect((await summary()).json()).toEqual({
      id: organisationId,
      name: 'Cache Org',
      timeZone: 'Pacific/Auckland',
      alerts: 0,
    });
    expect(await statementsDuring(summary)).toEqual([]);
    await other.query('update organisations set name = $2 where id = $1', [
      organisationId,
      'Cache Org renamed',
    ]);
    await until(async () => (await summary()).json().name === 'Cache Org renamed', 'the new name is shown');
    await other.query('update organisations set name = $2 where id = $1', [organisationId, 'Cache Org']);
    await until(async () => (await summary()).json().name === 'Cache Org', 'the name is back');
  });

  it('sees a person blocked by another process at its next call', async () => {
    const member = await createMember(t.db, organisationId, { loginId: 'cache.blocked' });
    const token = await t.login(member.loginId);
    expect((await details(token)).statusCode).toBe(200);
    await other.query('update users set status_id = 2 where id = $1', [member.id]);
    await until(async () => (await details(token)).statusCode === 401, 'the blocked person is refused');
  });

  it('sees a role changed by another process', async () => {
    const member = await createMember(t.db, organisationId, { loginId: 'cache.role', accessId: 3 });
    const token = await t.login(member.loginId);
    expect((await details(token)).json().accessId).toBe(3);
    await other.query('update memberships set access_id = 4 where user_id = $1', [member.id]);
    await until(async () => (await details(token)).json().accessId === 4, 'the new role is seen');
  });

  it('refuses a session ended by another process, and at once one ended here', async () => {
    const member = await createMember(t.db, organisationId, { loginId: 'cache.ended' });
    const elsewhere = await t.login(member.loginId);
    const here = await t.login(member.loginId);
    for (const token of [elsewhere, here]) expect((await details(token)).statusCode).toBe(200);
    await other.query('update sessions set ended_at = now() where user_id = $1 and token_hash = $2', [
      member.id,
      (await import('./tokens')).hashToken(elsewhere),
    ]);
    await until(async () => (await details(elsewhere)).statusCode === 401, 'the ended session is refused');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/current-user/logout',
      headers: bearer(here),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await details(here)).statusCode).toBe(401);
  });

  it('keeps nothing while it cannot hear the database, and again once it can', async () => {
    const member = await createMember(t.db, organisationId, { loginId: 'cache.listener' });
    const token = await t.login(member.loginId);
    await details(token);
    // The listener's connection ends as a database restart would end it.
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query ilike '%verdant_access_changed%' and pid <> pg_backend_pid() and datname = current_database()",
    );
    await until(async () => (await statementsDuring(() => details(token))).length === 1, 'calls read again');
    await until(async () => {
      await details(token);
      return (await statementsDuring(() => details(token))).length === 0;
    }, 'the cache is back');
  });
});
