import { sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailImapPollJob } from '../../jobs/email-imap.job';
import { createLocalStorage } from '../../lib/storage';
import { dovecotMissing, startDovecot } from '../../testing/dovecot';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { readUntil } from '../../testing/until';
import { billPdf, intakeFixture, itemReaches, mimeMessage } from './email-fixtures';
import type { ImapSettings } from './imap-poll';
import { intakeAddressOf, storeReceived } from './intake-store';

/*
 * IMAP intake against a real server: a Dovecot of the test's own (testing/dovecot.ts), messages APPENDed with
 * imapflow, the poll job run, and the items processed by the real job runner.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;
let dovecot: Awaited<ReturnType<typeof startDovecot>>;
let settings: ImapSettings;

const client = () =>
  new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });

async function append(raw: Buffer) {
  const c = client();
  await c.connect();
  try {
    const done = await c.append('INBOX', raw);
    return done ? done.uid : undefined;
  } finally {
    await c.logout();
  }
}

/** Whether each message of the mailbox is flagged seen, by subject. */
async function flags() {
  const c = client();
  await c.connect();
  const out: Record<string, boolean> = {};
  const lock = await c.getMailboxLock('INBOX');
  try {
    for await (const m of c.fetch('1:*', { envelope: true, flags: true }))
      out[m.envelope?.subject ?? ''] = m.flags?.has('\\Seen') ?? false;
  } finally {
    lock.release();
    await c.logout();
  }
  return out;
}

const poll = () => {
  const jobs = t.jobs;
  if (!jobs) throw new Error('no job runner');
  return emailImapPollJob.handler(
    {},
    {
      db: t.db,
      clock: () => new Date(),
      storage: createLocalStorage(`${t.config.dataDir}/files`),
      imap: settings,
      send: (name, data) => jobs.send(name, data),
      log: () => {},
      stopping: () => false,
    },
  );
};

const bill = (subject: string, to: string, filename: string, account: string, number: string) =>
  billPdf(account, number).then((content) =>
    mimeMessage({ from: 'bills@southern.test', to, subject, attachments: [{ filename, content }] }),
  );

describe.skipIf(dovecotMissing !== null)(
  `IMAP intake against Dovecot${dovecotMissing ? ` (skipped: ${dovecotMissing})` : ''}`,
  () => {
    beforeAll(async () => {
      dovecot = await startDovecot();
      settings = {
        host: dovecot.host,
        port: dovecot.port,
        secure: false,
        user: dovecot.user,
        password: dovecot.password,
        mailbox: 'INBOX',
        maxBytes: 60 * 1024 * 1024,
      };
      t = await createTestApp({ jobs: true });
      fx = await intakeFixture(t.db, 'Imap Org');
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await dovecot?.stop();
    });

    it('does nothing while unconfigured', async () => {
      const result = await emailImapPollJob.handler(
        {},
        {
          db: t.db,
          clock: () => new Date(),
          log: () => {},
          stopping: () => false,
          send: async () => {},
        },
      );
      expect(result).toEqual({ configured: false });
    });

    it('stores unseen messages, flags them seen, and processes one as an invoice and one as parked', async () => {
      await append(await bill('Imap good', fx.address, 'imap-good.pdf', 'ACC-1', 'I-1'));
      await append(await bill('Imap parked', fx.address, 'imap-parked.pdf', 'ACC-999', 'I-2'));
      await append(await bill('Imap stranger', 'someone@else.test', 'imap-stranger.pdf', 'ACC-1', 'I-3'));
      expect(await flags()).toEqual({ 'Imap good': false, 'Imap parked': false, 'Imap stranger': false });

      expect(await poll()).toEqual({ unseen: 3, stored: 2, skipped: 1 });
      expect(await flags()).toEqual({ 'Imap good': true, 'Imap parked': true, 'Imap stranger': true });

      expect(await itemReaches(t.db, 'imap-good.pdf', ['accepted'])).toEqual({
        state: 'accepted',
        reasonCode: null,
      });
      expect(await itemReaches(t.db, 'imap-parked.pdf', ['parked'])).toEqual({
        state: 'parked',
        reasonCode: 'unknown-account',
      });
      const invoices = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from invoices
        where organisation_id = ${fx.org.id} and invoice_number = 'I-1'`);
      expect(invoices.rows[0]?.n).toBe(1);
      const messages = await t.db.execute<{ subject: string; sender: string; recipient: string }>(sql`
        select subject, sender, recipient from email_messages where organisation_id = ${fx.org.id} order by id`);
      expect(messages.rows).toEqual([
        { subject: 'Imap good', sender: 'bills@southern.test', recipient: fx.address },
        { subject: 'Imap parked', sender: 'bills@southern.test', recipient: fx.address },
      ]);

      // The poll's email batch in the jobs centre (docs/decisions/job-runner.md, Email batches).
      const batch = async () =>
        (
          await t.db.execute<{ title: string; status: string; result: unknown; refused: unknown[] }>(sql`
            select title, status, result, refused from background_jobs
            where kind = 'email batch' and organisation_id = ${fx.org.id}`)
        ).rows;
      const batches = await readUntil(
        batch,
        (rows) => rows[0]?.status === 'finished',
        'the email batch finished',
      );
      expect(batches).toMatchObject([
        {
          title: 'Email batch: 2 messages (IMAP poll)',
          status: 'finished',
          result: { messages: 2, invoicesCreated: 1, parked: 1 },
        },
      ]);
      expect(batches[0]?.refused).toHaveLength(1);

      // Nothing unseen is left: the next poll reads nothing, and keeps no row.
      expect(await poll()).toEqual({ unseen: 0, stored: 0, skipped: 0 });
      expect(await batch()).toHaveLength(1);
    }, 90_000);

    it('a poll stopped between storing and flagging: the next poll links the message to the first', async () => {
      const raw = await bill('Imap crashed', fx.address, 'imap-crashed.pdf', 'ACC-1', 'I-4');
      const uid = await append(raw);
      // The stopped poll: it fetched and stored the message's bytes, and never flagged it.
      const c = client();
      await c.connect();
      const lock = await c.getMailboxLock('INBOX');
      const fetched = await c.fetchOne(String(uid), { source: true }, { uid: true });
      lock.release();
      await c.logout();
      if (fetched === false || !fetched.source) throw new Error('not fetched');
      const intake = await intakeAddressOf(t.db, fx.address);
      if (!intake) throw new Error('no intake address');
      const first = await storeReceived(
        { db: t.db, storage: createLocalStorage(`${t.config.dataDir}/files`), clock: () => new Date() },
        fetched.source,
        { from: '', to: [intake] },
      );
      expect((await flags())['Imap crashed']).toBe(false);

      expect(await poll()).toEqual({ unseen: 1, stored: 1, skipped: 0 });
      expect((await flags())['Imap crashed']).toBe(true);
      const rows = await t.db.execute<{ id: number; duplicateOf: number | null; items: number }>(sql`
        select m.id, m.duplicate_of as "duplicateOf", (select count(*)::int from email_items i
          where i.message_id = m.id) as items
        from email_messages m where organisation_id = ${fx.org.id} and subject = 'Imap crashed' order by id`);
      expect(rows.rows).toEqual([
        { id: first.messageIds[0], duplicateOf: null, items: 1 },
        { id: expect.any(Number), duplicateOf: first.messageIds[0], items: 0 },
      ]);
    }, 60_000);
  },
);
