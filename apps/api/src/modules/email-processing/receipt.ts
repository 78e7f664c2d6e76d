import type { Db, DbOrTx } from '@verdant/db/client';
import { senderMatches } from '@verdant/domain/email-processing/template-read';
import { sql } from 'drizzle-orm';
import type { Mailer, MailMessage } from '../../lib/mail';

/** The job that mails receipts (jobs/email-receipt.job.ts). */
export const EMAIL_RECEIPT_JOB = 'email.send-receipts';

/** Items still to settle: a message's receipt waits for them (docs/decisions/email-intake.md, Receipts). */
const UNSETTLED = sql`('pending', 'deferred')`;

type ReceiptMessage = {
  id: number;
  sender: string;
  recipient: string;
  subject: string;
  receivedAt: string;
  rejectedReason: string | null;
  sendReceipt: string | null;
  allowedSenders: string[] | null;
};

export type ReceiptItem = {
  filename: string;
  state: string;
  reason: string | null;
  invoiceNumber: string | null;
  account: string | null;
  importUuid: string | null;
};

/** Messages whose receipt is due and whose items are all settled (one item's message, or all). */
export async function dueReceipts(db: DbOrTx, itemId?: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select m.id from email_messages m
    where m.receipt = 'due'
      ${itemId === undefined ? sql`` : sql`and m.id = (select message_id from email_items where id = ${itemId})`}
      and not exists (select 1 from email_items i where i.organisation_id = m.organisation_id
        and i.message_id = m.id and i.state in ${UNSETTLED})
    order by m.id limit 200`);
  return rows.rows.map((r) => r.id);
}

async function itemsOf(db: DbOrTx, messageId: number) {
  const rows = await db.execute<ReceiptItem>(sql`
    select i.filename, i.state, i.reason, inv.invoice_number as "invoiceNumber", i.import_uuid as "importUuid",
      (select string_agg(distinct me.account, ', ') from invoice_meters im
        join meters me on me.organisation_id = im.organisation_id and me.id = im.meter_id
        where im.invoice_id = i.invoice_id and im.organisation_id = i.organisation_id) as account
    from email_items i left join invoices inv on inv.id = i.invoice_id and inv.organisation_id = i.organisation_id
    where i.message_id = ${messageId} order by i.position`);
  return rows.rows;
}

const line = (i: ReceiptItem) => {
  if (i.state === 'accepted') {
    if (i.invoiceNumber || i.account)
      return `- ${i.filename}: invoice ${i.invoiceNumber ?? '(no number)'}, account ${i.account ?? '(none)'}`;
    return `- ${i.filename}: loaded${i.importUuid ? ' through the data import' : ''}`;
  }
  return `- ${i.filename}: ${i.reason ?? (i.state === 'deleted' ? 'deleted by an administrator' : i.state)}`;
};

/** The receipt's words: what was accepted (invoice and account), parked and rejected (with the reason). */
export function receiptMail(m: ReceiptMessage, items: ReceiptItem[]): MailMessage {
  const subject = m.subject ? `'${m.subject}'` : '(no subject)';
  const head = `We received your message ${subject} of ${m.receivedAt} UTC to ${m.recipient}.`;
  const groups: [string, ReceiptItem[]][] = [
    ['Accepted', items.filter((i) => i.state === 'accepted')],
    ['Parked for review', items.filter((i) => i.state === 'parked')],
    ['Rejected', items.filter((i) => i.state === 'rejected' || i.state === 'deleted')],
  ];
  const body = m.rejectedReason
    ? [`It was not read: ${m.rejectedReason}.`]
    : groups
        .filter(([, list]) => list.length > 0)
        .flatMap(([title, list]) => ['', `${title} (${list.length}):`, ...list.map(line)]);
  const tail = groups[1]?.[1].length
    ? ['', 'Parked attachments are reviewed by the portal administrators; nothing is lost.']
    : [];
  return {
    to: m.sender,
    subject: `Receipt for your message ${subject}`,
    text: [head, ...body, ...tail, '', 'This is an automatic receipt; replies are not read.', ''].join('\n'),
  };
}

/**
 * Mails one message's receipt at most once (docs/decisions/email-intake.md, Receipts): in one transaction the
 * message is locked, its receipt checked (still due, every item settled, receipts still on, the sender still
 * on the allow-list) and claimed as sent; the mail goes after the commit, and a failed send gives the claim
 * back for the next run. Answers whether a mail went.
 */
export async function sendReceipt(db: Db, mailer: Mailer, messageId: number, now: Date): Promise<boolean> {
  const mail = await db.transaction(async (tx) => {
    const rows = await tx.execute<ReceiptMessage>(sql`
      select m.id, m.sender, m.recipient, m.subject, m.rejected_reason as "rejectedReason",
        to_char(m.received_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as "receivedAt",
        a.send_receipt as "sendReceipt", a.allowed_senders as "allowedSenders"
      from email_messages m
        left join email_intake_addresses a on a.organisation_id = m.organisation_id
          and lower(a.address) = lower(m.recipient)
      where m.id = ${messageId} and m.receipt = 'due'
        and not exists (select 1 from email_items i where i.organisation_id = m.organisation_id
          and i.message_id = m.id and i.state in ${UNSETTLED})
      for update of m skip locked`);
    const m = rows.rows[0];
    if (!m) return null;
    const wanted =
      m.sendReceipt === 'yes' && m.sender !== '' && senderMatches(m.sender, m.allowedSenders ?? []);
    await tx.execute(sql`update email_messages set receipt = ${wanted ? 'sent' : null},
      receipt_at = ${wanted ? now.toISOString() : null} where id = ${m.id}`);
    return wanted ? receiptMail(m, await itemsOf(tx, m.id)) : null;
  });
  if (!mail) return false;
  try {
    await mailer.send(mail);
  } catch (error) {
    await db.execute(sql`update email_messages set receipt = 'due', receipt_at = null
      where id = ${messageId} and receipt = 'sent'`);
    throw error;
  }
  return true;
}
