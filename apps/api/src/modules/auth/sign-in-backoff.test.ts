import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { waitAfter } from './backoff';

/*
 * Sign-in back-off (docs/decisions/security.md, "Sign-in back-off"): failures slow the attacker per address and
 * per account, doubling each time, and never refuse the owner's right password from an address that has not
 * failed on the account; the failure that reaches LOGIN_MAX_FAILURES mails the owner. Failures are written
 * straight into login_attempts where a test needs many of them at once, so no test waits on the clock.
 */

let t: TestApp;
let userId: number;
const mails: { to: string; subject: string; text: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({
    mailer: { send: async (m) => void mails.push(m as (typeof mails)[number]) },
    env: {
      LOGIN_BACKOFF_AFTER: '3',
      LOGIN_MAX_FAILURES: '4',
      LOGIN_MAX_FAILURES_PER_IP: '6',
      LOGIN_WINDOW_MINUTES: '15',
    },
  });
  const org = await createOrganisation(t.db, { name: 'Back-off Org' });
  userId = (await createMember(t.db, org.id, { loginId: 'owner', email: 'owner@backoff.test' })).id;
  await createMember(t.db, org.id, { loginId: 'neighbour', email: 'neighbour@backoff.test' });
});
afterAll(() => t?.close());

const login = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/login',
    payload: { username, password },
    remoteAddress: ip,
  });
/** `n` failures on the owner's account from `ip`, just now. */
const failures = (n: number, ip: string, username = 'owner') =>
  t.db.execute(sql`insert into login_attempts (ip, username, user_id, at)
    select ${ip}, ${username}, ${username === 'owner' ? userId : null}, now() from generate_series(1, ${n})`);
const clear = () => t.db.execute(sql`delete from login_attempts`);

describe('failed sign-ins', () => {
  it('double the wait of the attacker’s address with each failure', async () => {
    await clear();
    await failures(8, '10.7.0.1');
    const first = await login('owner', 'wrong', '10.7.0.1');
    expect(first.statusCode).toBe(429);
    // 8 failures, 3 free: 2^5 = 32 s.
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(28);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(32);
    expect(first.json().message).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ seconds and try again\.$/,
    );
    await failures(2, '10.7.0.1');
    const later = await login('owner', 'Verdant-test-1', '10.7.0.1');
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(120);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(128);
  });

  it('never refuses the owner’s right password from a new address', async () => {
    await failures(20, '10.7.0.2');
    const owner = await login('owner', 'Verdant-test-1', '10.7.0.50');
    expect(owner.statusCode).toBe(200);
    // The owner signing in does not give the attackers their attempts back.
    expect((await login('owner', 'Verdant-test-1', '10.7.0.2')).statusCode).toBe(429);
  });

  it('checks a new address once, then holds it back by the account’s failures', async () => {
    const wrong = await login('owner', 'wrong', '10.7.0.3');
    expect(wrong.statusCode).toBe(401);
    const again = await login('owner@backoff.test', 'wrong', '10.7.0.3');
    expect(again.statusCode).toBe(429);
    // The account's count (31 failures) is past the window: the address waits the whole window.
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(again.json().message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
  });

  it('holds back an address that failed on many accounts, whatever account it tries next', async () => {
    await clear();
    for (const name of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy', 'jon'])
      await failures(1, '10.7.0.4', name);
    const res = await login('neighbour', 'Verdant-test-1', '10.7.0.4');
    expect(res.statusCode).toBe(429);
    expect((await login('neighbour', 'Verdant-test-1', '10.7.0.5')).statusCode).toBe(200);
  });

  it('mails the owner once when the account reaches LOGIN_MAX_FAILURES', async () => {
    await clear();
    mails.length = 0;
    for (const ip of ['10.8.0.1', '10.8.0.2', '10.8.0.3', '10.8.0.4', '10.8.0.5'])
      expect((await login('owner', 'wrong', ip)).statusCode).toBe(401);
    // The notice is sent after the answer: once that work has settled, exactly one mail, not one per failure.
    await t.background.idle();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('owner@backoff.test');
    expect(mails[0]?.subject).toBe('Failed sign-ins to your Verdant account');
    expect(mails[0]?.text).toContain('4 times in the last 15 minutes');
    expect(mails[0]?.text).toContain('10.8.0.4');
  });
});

describe('waitAfter', () => {
  it('starts at 1 s past the free failures, doubles, and stops at the window', () => {
    expect([2, 3, 4, 5, 12].map((n) => waitAfter(n, 3, 900_000))).toEqual([0, 1000, 2000, 4000, 512_000]);
    expect(waitAfter(40, 3, 900_000)).toBe(900_000);
  });
});
