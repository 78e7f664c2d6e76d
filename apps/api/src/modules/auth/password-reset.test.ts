import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, startSmtp } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    env: { PUBLIC_URL: 'http://verdant.test' },
    mailer: smtpMailer(smtp),
  });
  const org = await createOrganisation(t.db);
  await createMember(t.db, org.id, {
    loginId: 'forgetful',
    email: 'forgetful@example.test',
    firstName: 'Fran',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const requestReset = (email: string) =>
  t.app.inject({ method: 'PUT', url: `/api/public/login/reset-password/${encodeURIComponent(email)}` });

describe('password reset', () => {
  it('refuses an address that does not look like an email', async () => {
    for (const bad of ['a@b', 'nonsense', 'x y@z.com']) {
      const res = await requestReset(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Email does not seem to be a valid email');
    }
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await requestReset('nobody@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'An email has been sent with instructions' });
    // The lookup runs after the answer: wait for it to finish, then nothing may have been sent.
    await t.background.idle();
    expect(smtp.received.length).toBe(before);
  });

  it('mails a link that sets a new password once only', async () => {
    const res = await requestReset('Forgetful@example.test');
    expect(res.json()).toEqual({ success: true, message: 'An email has been sent with instructions' });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['forgetful@example.test']);
    expect(mail?.subject).toBe('Reset your Verdant password');
    const link = mail?.text.match(/http:\/\/verdant\.test\/reset-password\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';

    const check = await t.app.inject({ url: `/api/public/login/password-reset/${token}` });
    expect(check.json()).toEqual({ valid: true, email: 'forgetful@example.test' });

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/password-reset',
      payload: { token, password: 'simple' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password requires greater complexity');

    const oldToken = await t.login('forgetful');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/password-reset',
      payload: { token, password: 'New-secret-42' },
    });
    expect(set.json()).toEqual({ success: true, message: 'Password changed' });

    expect(
      (
        await t.app.inject({
          url: '/api/current-user/user-details',
          headers: { authorization: `Bearer ${oldToken}` },
        })
      ).statusCode,
    ).toBe(401);
    await expect(t.login('forgetful', 'Verdant-test-1')).rejects.toThrow();
    await expect(t.login('forgetful', 'New-secret-42')).resolves.toBeTruthy();

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/password-reset',
      payload: { token, password: 'Another-secret-43' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    expect((await t.app.inject({ url: `/api/public/login/password-reset/${token}` })).json()).toEqual({
      valid: false,
    });
  });

  it('refuses an expired link', async () => {
    await requestReset('forgetful@example.test');
    const mails = await smtp.waitFor(2);
    const token = mails[1]?.text.match(/token=([\w-]+)/)?.[1] ?? '';
    await t.db.execute("update password_resets set expires_at = now() - interval '1 minute'");
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/login/password-reset',
      payload: { token, password: 'New-secret-44' },
    });
    expect(res.statusCode).toBe(400);
  });
});
