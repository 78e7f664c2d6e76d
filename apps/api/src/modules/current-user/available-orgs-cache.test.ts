import { addMembership, createMember, createOrganisation, createUser } from '@verdant/db/factories';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsDuring } from '../../testing/statements-during';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { until } from '../../testing/until';

/**
 * The organisations a caller may enter are kept with the session and dropped with it at any change of rights
 * (docs/decisions/performance.md, Answers kept with the session). The cache is on here, kept far longer than any
 * test waits, so only a change can empty it.
 */
let t: TestApp;
// Another process's connection: its changes reach this one only through the database's notification.
let other: pg.Client;
const orgs: Record<'home' | 'away' | 'later', number> = { home: 0, away: 0, later: 0 };
let memberId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '300' } });
  other = new pg.Client({ connectionString: t.database.url });
  await other.connect();
  orgs.home = (await createOrganisation(t.db, { name: 'Home Org' })).id;
  orgs.away = (await createOrganisation(t.db, { name: 'Away Org' })).id;
  orgs.later = (await createOrganisation(t.db, { name: 'Later Org' })).id;
  memberId = (await createMember(t.db, orgs.home, { loginId: 'member', accessId: 3 })).id;
  await addMembership(t.db, { userId: memberId, organisationId: orgs.away, accessId: 3 });
  await createMember(t.db, orgs.away, { loginId: 'boss', accessId: 2, admin: true });
  await createUser(t.db, { loginId: 'root', productAdmin: true });
});
afterAll(async () => {
  await other.end();
  await t.close();
});

const available = (token: string, q = '') =>
  t.app.inject({ url: `/api/current-user/available-orgs${q ? `?q=${q}` : ''}`, headers: bearer(token) });
const names = async (token: string, q = '') =>
  (await available(token, q))
    .json()
    .results.map((o: { name: string }) => o.name)
    .sort();

describe('the organisations a caller may enter, kept with the session', () => {
  it('reads them once, then answers a second call (searched or not) with no statement', async () => {
    const token = await t.login('member');
    const first = await statementsDuring(() => available(token));
    expect(first.some((s) => /"organisations"/.test(s))).toBe(true);
    // The sign-in's own changes are heard asynchronously and may empty the cache once after the first call on a
    // busy machine: wait for a call that reads nothing (the event), then check the others read nothing either.
    await until(async () => (await statementsDuring(() => available(token))).length === 0, 'a call is kept');
    expect(await names(token)).toEqual(['Away Org', 'Home Org']);
    expect(await names(token, 'away')).toEqual(['Away Org']);
    expect(await statementsDuring(() => available(token, 'away'))).toEqual([]);
  });

  it('sees a membership changed here at once: blocked in Away Org, then let back in', async () => {
    const token = await t.login('member');
    const boss = await t.login('boss');
    expect(await names(token)).toEqual(['Away Org', 'Home Org']);
    const block = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${memberId}/block/${orgs.away}`,
        headers: bearer(boss),
      });
    expect((await block()).statusCode).toBe(200);
    expect(await names(token)).toEqual(['Home Org']);
    expect(await names(token, 'away')).toEqual([]);
    const unblock = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${memberId}/block/${orgs.away}`,
      headers: bearer(boss),
    });
    expect(unblock.statusCode).toBe(200);
    expect(await names(token)).toEqual(['Away Org', 'Home Org']);
  });

  it('puts the organisation just switched to first among the recent ones at once', async () => {
    const token = await t.login('member');
    const recent = async () => (await available(token)).json().recent.map((o: { name: string }) => o.name);
    // Signed in to the most recently used organisation: Away Org (the first by name when none had been used).
    expect((await recent())[0]).toBe('Away Org');
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${orgs.home}`,
      headers: bearer(token),
    });
    expect(moved.statusCode).toBe(200);
    expect(await recent()).toEqual(['Home Org', 'Away Org']);
  });

  it('sees a membership added by another process', async () => {
    const token = await t.login('member');
    expect(await names(token, 'later')).toEqual([]);
    await other.query('insert into memberships (user_id, organisation_id, access_id) values ($1, $2, 3)', [
      memberId,
      orgs.later,
    ]);
    await until(async () => (await names(token, 'later')).length === 1, 'the new organisation is listed');
  });

  it("reads a product administrator's list every time (a new organisation notifies nobody)", async () => {
    const token = await t.login('root');
    await available(token);
    expect((await statementsDuring(() => available(token))).length).toBeGreaterThan(0);
    await createOrganisation(t.db, { name: 'Brand New Org' });
    expect(await names(token, 'brand')).toEqual(['Brand New Org']);
  });
});
