import { addMembership, createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { passwordResets, users } from '@verdant/db/schema/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, startSmtp } from '../../testing/smtp';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/**
 * A person's own record is shared by every organisation they belong to (docs/domain.md, Rights): the account
 * takeover through another organisation's administrator, and each path around it.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let orgA: { id: number };
let orgB: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    mailer: smtpMailer(smtp),
  });
  orgA = await createOrganisation(t.db, { name: 'Organisation A' });
  orgB = await createOrganisation(t.db, { name: 'Organisation B' });
  const add = async (key: string, orgId: number, o: Parameters<typeof createMember>[2] = {}) => {
    ids[key] = (await createMember(t.db, orgId, { loginId: key, email: `${key}@example.test`, ...o })).id;
  };
  await add('a.admin', orgA.id, { accessId: 3, admin: true });
  await add('a.contact', orgA.id, { accessId: 2 });
  await add('a.general', orgA.id, { accessId: 3 });
  await add('b.admin', orgB.id, { accessId: 3, admin: true });
  await add('both.admin', orgA.id, { accessId: 3, admin: true });
  await addMembership(t.db, {
    userId: ids['both.admin'] ?? 0,
    organisationId: orgB.id,
    accessId: 3,
    admin: true,
  });
  await add('shared', orgA.id, { accessId: 4, firstName: 'Sam', surname: 'Shared' });
  await addMembership(t.db, { userId: ids.shared ?? 0, organisationId: orgB.id, accessId: 4 });
  ids.root = (await createUser(t.db, { loginId: 'root', email: 'root@example.test', productAdmin: true })).id;
  for (const k of ['a.admin', 'a.general', 'b.admin', 'both.admin', 'shared', 'root'])
    tokens[k] = await t.login(k);
  await t.app.inject({
    method: 'PUT',
    url: `/api/current-user/organisation/${orgA.id}`,
    headers: bearer(tokens.root ?? ''),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });

const record = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

/** The editable part of a user as another caller would send it back, with a change. */
async function edit(who: string, id: number, change: object) {
  const got = (await call(who, 'GET', `/api/users/${id}`)).json();
  const { email, title, firstName, surname, position, mobile } = got;
  return call(who, 'PUT', `/api/users/${id}`, {
    email,
    title,
    firstName,
    surname,
    position,
    mobile,
    ...change,
  });
}

const linkIn = (text = '') => text.match(/confirm-email\?token=([\w.-]+)/)?.[1] ?? '';
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

async function nextMail(to: string, since: number) {
  for (let count = since + 1; ; count++) {
    const mails = await smtp.waitFor(count);
    const found = mails.slice(since).find((m) => m.to.includes(to));
    if (found) return found;
  }
}

describe("another organisation's administrator", () => {
  it('cannot change the email of a person who also belongs elsewhere, so the reset-link takeover fails', async () => {
    const before = await record(ids.shared ?? 0);
    const res = await edit('b.admin', ids.shared ?? 0, { email: 'attacker@evil.test' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Only the person, a product administrator or an administrator of every organisation they belong to may change their email address.',
    );
    expect(await record(ids.shared ?? 0)).toEqual(before);

    // The attacker's next steps: a reset link for the new address, then signing in to A.
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/public/login/reset-password/attacker@evil.test',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, ids.shared ?? 0)),
    ).toEqual([]);
    expect(mailsTo('attacker@evil.test')).toEqual([]);
    await expect(t.login('attacker@evil.test', 'Attacker-pass-1')).rejects.toThrow();
    await expect(t.login('shared')).resolves.toBeTruthy();
  });

  it('blocks the person within their own organisation only; the person still signs in to A', async () => {
    const res = await edit('b.admin', ids.shared ?? 0, { blocked: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ blocked: false, orgBlocked: true });
    expect((await record(ids.shared ?? 0))?.statusId).toBe(1);

    const token = await t.login('shared');
    const details = await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) });
    expect(details.statusCode).toBe(200);
    const intoA = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${orgA.id}`,
      headers: bearer(token),
    });
    expect(intoA.statusCode).toBe(200);
    const intoB = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${orgB.id}`,
      headers: bearer(token),
    });
    expect(intoB.statusCode).toBe(403);

    // Saving other details (which sends blocked: false) leaves the block within B alone.
    const saved = await edit('b.admin', ids.shared ?? 0, { blocked: false, position: 'Analyst' });
    expect(saved.json()).toMatchObject({ blocked: false, orgBlocked: true, position: 'Analyst' });
    const lifted = await call('b.admin', 'DELETE', `/api/users/${ids.shared}/block/${orgB.id}`);
    expect(lifted.json()).toMatchObject({ blocked: false, orgBlocked: false });
  });

  it("cannot change or delete a product administrator's record", async () => {
    await addMembership(t.db, { userId: ids.root ?? 0, organisationId: orgB.id, accessId: 3 });
    const res = await edit('b.admin', ids.root ?? 0, { email: 'mine@evil.test' });
    expect(res.statusCode).toBe(403);
    expect((await call('b.admin', 'DELETE', `/api/users/${ids.root}`)).statusCode).toBe(403);
    expect((await record(ids.root ?? 0))?.email).toBe('root@example.test');
  });
});

describe('a non-administrator', () => {
  it("never changes an administrator's or a Primary Contact's record", async () => {
    for (const key of ['a.admin', 'a.contact']) {
      const before = await record(ids[key] ?? 0);
      const email = await edit('a.general', ids[key] ?? 0, { email: 'general@evil.test' });
      expect(email.statusCode).toBe(403);
      const phone = await edit('a.general', ids[key] ?? 0, { mobile: '021 000 0000' });
      expect(phone.statusCode).toBe(403);
      expect(phone.json().message).toBe(
        'Only an administrator may change the details of an administrator or a Primary Contact.',
      );
      expect(await record(ids[key] ?? 0)).toEqual(before);
    }
  });

  it("cannot change an ordinary member's email either", async () => {
    const res = await edit('a.general', ids.shared ?? 0, { email: 'general@evil.test' });
    expect(res.statusCode).toBe(403);
    expect((await record(ids.shared ?? 0))?.email).toBe('shared@example.test');
  });
});

describe('an administrator of every organisation the person belongs to', () => {
  it('blocks the person from the whole product', async () => {
    const res = await edit('both.admin', ids.shared ?? 0, { blocked: true });
    expect(res.json()).toMatchObject({ blocked: true });
    await expect(t.login('shared')).rejects.toThrow();
    await edit('both.admin', ids.shared ?? 0, { blocked: false });
    tokens.shared = await t.login('shared');
  });

  it('changes the email only once the old address confirms it, and the link works once', async () => {
    const sent = smtp.received.length;
    const res = await edit('both.admin', ids.shared ?? 0, { email: 'sam.new@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('shared@example.test');
    const mail = await nextMail('shared@example.test', sent);
    expect(mail.text).toContain('sam.new@example.test');
    const token = linkIn(mail.text);
    expect(mailsTo('sam.new@example.test')).toEqual([]);

    const status = await t.app.inject({ url: `/api/public/email-change?token=${token}` });
    expect(status.json()).toEqual({
      valid: true,
      email: 'shared@example.test',
      newEmail: 'sam.new@example.test',
    });
    const notified = smtp.received.length;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/public/email-change',
      payload: { token },
    });
    expect(confirm.json()).toEqual({
      success: true,
      message: 'The email address of the account is now sam.new@example.test.',
    });
    expect((await record(ids.shared ?? 0))?.email).toBe('sam.new@example.test');
    expect((await nextMail('shared@example.test', notified)).subject).toBe(
      'The email address of your Verdant account has changed',
    );

    const again = await t.app.inject({ method: 'POST', url: '/api/public/email-change', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This link is invalid or has expired. Please change the email address again.',
    );
    expect((await t.app.inject({ url: `/api/public/email-change?token=${token}` })).json()).toEqual({
      valid: false,
    });
  });
});

describe('the person themself', () => {
  it('changes their own email through a link mailed to the old address', async () => {
    const sent = smtp.received.length;
    const res = await edit('shared', ids.shared ?? 0, { email: 'sam@home.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('sam.new@example.test');
    const token = linkIn((await nextMail('sam.new@example.test', sent)).text);

    const tampered = token.replace(/\.([^.]*)$/, '.x$1');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/public/email-change',
      payload: { token: tampered },
    });
    expect(refused.statusCode).toBe(400);
    expect((await record(ids.shared ?? 0))?.email).toBe('sam.new@example.test');

    const ok = await t.app.inject({ method: 'POST', url: '/api/public/email-change', payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect((await record(ids.shared ?? 0))?.email).toBe('sam@home.test');
    await expect(t.login('sam@home.test')).resolves.toBeTruthy();
  });

  it('refuses the link when the new address was taken in the meantime', async () => {
    const sent = smtp.received.length;
    await edit('shared', ids.shared ?? 0, { email: 'taken.later@example.test' });
    const token = linkIn((await nextMail('sam@home.test', sent)).text);
    await createUser(t.db, { email: 'taken.later@example.test' });
    const res = await t.app.inject({ method: 'POST', url: '/api/public/email-change', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Email address is already in use/);
    expect((await record(ids.shared ?? 0))?.email).toBe('sam@home.test');
  });
});

describe('a product administrator', () => {
  it('changes the email directly and the old address is told', async () => {
    const sent = smtp.received.length;
    const res = await edit('root', ids.shared ?? 0, { email: 'sam.direct@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('sam.direct@example.test');
    expect((await record(ids.shared ?? 0))?.email).toBe('sam.direct@example.test');
    const notice = await nextMail('sam@home.test', sent);
    expect(notice.text).toContain('by a product administrator');
    expect(linkIn(notice.text)).toBe('');
  });
});
