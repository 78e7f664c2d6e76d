import { emailIntakeAddresses } from '@verdant/db/schema/email-intake';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import { smtpMailer, startSmtp } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { billPdf, intakeFixture, mimeMessage } from './email-fixtures';
import { intakeAddressOf, storeReceived } from './intake-store';
import { dueReceipts, sendReceipt } from './receipt';
import { EMAIL_ITEM_JOB } from './smtp-listener';

/*
 * Receipts to senders (docs/decisions/email-intake.md, Receipts), mailed by the real job runner through the
 * product's mailer to a real SMTP server.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ jobs: true, mailer: smtpMailer(smtp) });
  fx = await intakeFixture(t.db, 'Receipt Org');
  await t.db
    .update(emailIntakeAddresses)
    .set({ sendReceipt: 'yes' })
    .where(eq(emailIntakeAddresses.organisationId, fx.org.id));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let processed = true;

async function receive(
  from: string,
  subject: string,
  attachments: { filename: string; content: Buffer }[],
  bytes?: Buffer,
) {
  const to = await intakeAddressOf(t.db, fx.address);
  if (!to) throw new Error('no intake address');
  const raw = bytes ?? (await mimeMessage({ from, to: fx.address, subject, attachments }));
  const storage = createLocalStorage(`${t.config.dataDir}/files`);
  const received = await storeReceived({ db: t.db, storage, clock: () => new Date() }, raw, {
    from,
    to: [to],
  });
  if (processed) for (const itemId of received.pendingItemIds) await t.jobs?.send(EMAIL_ITEM_JOB, { itemId });
  return received.messageIds[0] ?? 0;
}

const receiptOf = async (id: number) =>
  (await t.db.execute<{ receipt: string | null }>(sql`select receipt from email_messages where id = ${id}`))
    .rows[0]?.receipt;

describe('receipts to the sender', () => {
  it('mails one receipt once every item is settled: the invoice and account, and the parked reason', async () => {
    const id = await receive('bills@southern.test', 'October bills', [
      { filename: 'r-good.pdf', content: await billPdf('ACC-1', 'R-1') },
      { filename: 'r-parked.pdf', content: await billPdf('ACC-404', 'R-2') },
    ]);
    const [mail] = await smtp.waitFor(1, 60_000);
    expect(mail?.to).toEqual(['bills@southern.test']);
    expect(mail?.subject).toBe("Receipt for your message 'October bills'");
    expect(mail?.text).toContain('Accepted (1):\n- r-good.pdf: invoice R-1, account ACC-1');
    expect(mail?.text).toMatch(/Parked for review \(1\):\n- r-parked\.pdf: .*account/i);
    expect(await receiptOf(id)).toBe('sent');

    // Never twice: nothing is due any more, and a direct send finds nothing to send.
    expect(await dueReceipts(t.db)).not.toContain(id);
    expect(await sendReceipt(t.db, smtpMailer(smtp), id, new Date())).toBe(false);
    expect(smtp.received).toHaveLength(1);
  }, 90_000);

  it('tells an allowed sender a message with no attachments was not read', async () => {
    // From here on the receipts are sent by the tests alone (the runner's minute would race them).
    await t.jobs?.stop();
    processed = false;
    const before = smtp.received.length;
    const id = await receive('accounts@other.test', 'Nothing attached', []);
    expect(await receiptOf(id)).toBe('due');
    expect(await sendReceipt(t.db, smtpMailer(smtp), id, new Date())).toBe(true);
    const mails = await smtp.waitFor(before + 1);
    expect(mails[before]?.to).toEqual(['accounts@other.test']);
    expect(mails[before]?.text).toContain('It was not read: ');
  });

  it('never mails a sender not on the allow-list, nor a repeat of a message', async () => {
    const stranger = await receive('someone@stranger.test', 'Stranger', [
      { filename: 'r-stranger.pdf', content: await billPdf('ACC-1', 'R-3') },
    ]);
    expect(await receiptOf(stranger)).toBeNull();
    const attachments = [{ filename: 'r-twice.pdf', content: await billPdf('ACC-1', 'R-4') }];
    const raw = await mimeMessage({
      from: 'bills@southern.test',
      to: fx.address,
      subject: 'Twice',
      attachments,
    });
    const first = await receive('bills@southern.test', 'Twice', [], raw);
    const again = await receive('bills@southern.test', 'Twice', [], raw);
    expect(await receiptOf(first)).not.toBeNull();
    expect(await receiptOf(again)).toBeNull();
  });

  it('sends none when receipts are off, or the sender left the allow-list before it was due', async () => {
    const id = await receive('bills@southern.test', 'Off later', []);
    await t.db
      .update(emailIntakeAddresses)
      .set({ allowedSenders: ['accounts@other.test'] })
      .where(eq(emailIntakeAddresses.organisationId, fx.org.id));
    expect(await sendReceipt(t.db, smtpMailer(smtp), id, new Date())).toBe(false);
    expect(await receiptOf(id)).toBeNull();
    await t.db
      .update(emailIntakeAddresses)
      .set({ sendReceipt: 'no', allowedSenders: ['@southern.test', 'accounts@other.test'] })
      .where(eq(emailIntakeAddresses.organisationId, fx.org.id));
    const off = await receive('bills@southern.test', 'Receipts off', []);
    expect(await receiptOf(off)).toBeNull();
    await t.db
      .update(emailIntakeAddresses)
      .set({ sendReceipt: 'yes' })
      .where(eq(emailIntakeAddresses.organisationId, fx.org.id));
  });

  it('gives the claim back when the mail cannot be sent, so a later run sends it', async () => {
    const id = await receive('accounts@other.test', 'Mail server down', []);
    const down = { send: async () => Promise.reject(new Error('connection refused')) };
    await expect(sendReceipt(t.db, down, id, new Date())).rejects.toThrow('connection refused');
    expect(await receiptOf(id)).toBe('due');
    expect(await sendReceipt(t.db, smtpMailer(smtp), id, new Date())).toBe(true);
    expect(await receiptOf(id)).toBe('sent');
  });
});
