import { createMember, createOrganisation } from '@verdant/db/factories';
import { passwordResets } from '@verdant/db/schema/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../lib/mail';
import { createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Password reset (docs/decisions/sessions-and-security.md, Password reset): reset links end each other and
 * the reset request answers before any lookup. Failed sign-ins: sign-in-backoff.test.ts.
 */

type Mail = Parameters<Mailer['send']>[0];

/** A mailer that holds every mail until released, to show that the answer does not wait for it. */
function heldMailer() {
  const sent: Mail[] = [];
  let release: () => void = () => {};
  let gate = new Promise<void>((r) => {
    release = r;
  });
  const waiting: Array<() => void> = [];
  const mailer = {
    async send(mail: Mail) {
      for (const notify of waiting.splice(0)) notify();
      await gate;
      sent.push(mail);
    },
  } as unknown as Mailer;
  return {
    mailer,
    sent,
    /** Resolves when the next mail has been handed to the mailer. */
    handedOver: () => new Promise<void>((r) => waiting.push(r)),
    release: () => release(),
    reset: () => {
      gate = new Promise<void>((r) => {
        release = r;
      });
    },
  };
}

let t: TestApp;
const mail = heldMailer();
let userId: number;

beforeAll(async () => {
  t = await createTestApp({
    mailer: mail.mailer,
    env: { LOGIN_MAX_FAILURES: '4', LOGIN_MAX_FAILURES_PER_IP: '1000', LOGIN_WINDOW_MINUTES: '15' },
  });
  const org = await createOrganisation(t.db, { name: 'Hardening Org' });
  const user = await createMember(t.db, org.id, { loginId: 'harriet', email: 'harriet@example.test' });
  userId = user.id;
  await createMember(t.db, org.id, { loginId: 'other.one', email: 'other.one@example.test' });
});
afterAll(async () => {
  mail.release();
  await t?.close();
});

const requestReset = (email: string) =>
  t.app.inject({ method: 'PUT', url: `/api/public/login/reset-password/${encodeURIComponent(email)}` });
const complete = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/public/login/password-reset', payload: { token, password } });
const tokenOf = (m: Mail | undefined) => m?.text.match(/token=([\w-]+)/)?.[1] ?? '';
const login = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/login',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('password reset', () => {
  it('answers before the mail is sent, the same for a known and an unknown address', async () => {
    const handed = mail.handedOver();
    const known = await requestReset('harriet@example.test');
    // The mail is still held by the mailer: the answer did not wait for it.
    expect(mail.sent).toHaveLength(0);
    const unknown = await requestReset('nobody.here@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await handed;
    mail.release();
    // The mailer sends after the answer: wait for it, however busy the machine (not a fixed second).
    await expect.poll(() => mail.sent.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(mail.sent.map((m) => m.to)).toEqual(['harriet@example.test']);
  });

  it('using one link ends every other outstanding link of that person', async () => {
    mail.sent.length = 0;
    for (let i = 0; i < 3; i++) await requestReset('harriet@example.test');
    await expect.poll(() => mail.sent.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(mail.sent).toHaveLength(3);
    const [older, middle, newest] = mail.sent.map(tokenOf);
    expect((await complete(newest ?? '', 'New-secret-51')).json()).toEqual({
      success: true,
      message: 'Password changed',
    });
    for (const token of [older, middle]) {
      const check = await t.app.inject({ url: `/api/public/login/password-reset/${token}` });
      expect(check.json()).toEqual({ valid: false });
      const res = await complete(token ?? '', 'Other-secret-52');
      expect(res.statusCode).toBe(400);
    }
    const live = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));
    expect(live.every((r) => r.usedAt !== null)).toBe(true);
    expect((await login('harriet', 'New-secret-51', '10.5.0.1')).statusCode).toBe(200);
  });
});
