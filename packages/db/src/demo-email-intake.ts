import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import type { DemoStorage } from './demo-files';
import { renderInvoicePdf } from './invoice-pdf';
import {
  emailIntakeAddresses,
  emailItems,
  emailLog,
  emailMessages,
  emailTemplates,
} from './schema/email-intake';

export const DEMO_INTAKE_ADDRESS = 'invoices@demo.verdant.example';
const DAY = 86_400_000;

/** Patterns that read the demo's bills (invoice-pdf.ts, with the account beside the site as the library draws it). */
export const demoBillPatterns = (retailer: string) => ({
  identify: retailer,
  account: '\\(account ([^)\\s]+)\\)',
  invoiceNumber: 'Invoice number (\\S+)',
  invoiceDate: 'Invoice date (\\d{4}-\\d{2}-\\d{2})',
  dateFrom: 'Billing period (\\d{4}-\\d{2}-\\d{2}) to',
  dateTill: 'Billing period \\S+ to (\\d{4}-\\d{2}-\\d{2})',
  consumption: 'Consumption ([\\d.,]+)',
  gst: 'GST \\(15%\\) (\\$[\\d.,]+)',
  totalPayable: 'Total payable (\\$[\\d.,]+)',
  line: '^(?!Total|GST|Charges)(.+) (\\$[\\d.,]+)$',
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A message as a retailer's mail server sends it: text and one PDF attachment. */
function mime(from: string, subject: string, filename: string, pdf: Buffer, at: Date) {
  const body = pdf.toString('base64').replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    [
      `From: ${from}`,
      `To: ${DEMO_INTAKE_ADDRESS}`,
      `Subject: ${subject}`,
      `Date: ${at.toUTCString()}`,
      `Message-ID: <${sha(pdf).slice(0, 16)}@demo.verdant.example>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="verdant-demo"',
      '',
      '--verdant-demo',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please find your invoice attached.',
      '--verdant-demo',
      `Content-Type: application/pdf; name="${filename}"`,
      `Content-Disposition: attachment; filename="${filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      body,
      '--verdant-demo--',
      '',
    ].join('\r\n'),
  );
}

type Meter = {
  id: number;
  account: string;
  site: string;
  till: string;
  number: string | null;
  invoiceId: number;
  cost: string;
};

async function meterOf(tx: DbOrTx, organisationId: number, retailer: string) {
  const rows = await tx.execute<Meter>(sql`
    select m.id, m.account, s.name as site, i.date_till::text as till, i.invoice_number as number,
      i.id as "invoiceId", i.cost_excl_tax::text as cost
    from meters m join retailers r on r.id = m.retailer_id
      join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
      join invoice_meters im on im.organisation_id = m.organisation_id and im.meter_id = m.id
      join invoices i on i.organisation_id = m.organisation_id and i.id = im.invoice_id and i.kind = 'normal'
    where m.organisation_id = ${organisationId} and r.name = ${retailer} and m.account is not null
      and m.deleted_at is null and m.meter_close is null
    order by m.id, i.date_till desc limit 1`);
  return rows.rows[0];
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * The demo's invoices by email (docs/decisions/email-intake.md, The demo): the demo's intake address, a
 * Meridian Energy template that reads the demo's bills, a Contact Energy one whose invoice number pattern no
 * longer matches (the retailer changed its layout), one accepted bill, a rejected stranger, and three bills
 * received 2, 6 and 12 days ago (notification, urgent, immediate; all younger than the 17-day purge) left pending: the worker parks them on its first sweep (unknown layout, unknown
 * account, unknown retailer), with what it read. Only the accepted bill points at an invoice, one already stored.
 */
export async function seedDemoEmailIntake(
  tx: DbOrTx,
  { organisationId, actingUserId, now }: { organisationId: number; actingUserId: number; now: Date },
  storage: DemoStorage,
) {
  const retailer = async (name: string) =>
    (await tx.execute<{ id: number }>(sql`select id from retailers where name = ${name}`)).rows[0]?.id;
  const meridian = await retailer('Meridian Energy');
  const contact = await retailer('Contact Energy');
  const meridianMeter = await meterOf(tx, organisationId, 'Meridian Energy');
  const contactMeter = await meterOf(tx, organisationId, 'Contact Energy');
  if (!meridian || !contact || !meridianMeter || !contactMeter) return;
  await tx.insert(emailTemplates).values([
    {
      retailerId: meridian,
      version: 1,
      senders: ['@meridian.example'],
      patterns: demoBillPatterns('Meridian Energy'),
    },
    {
      retailerId: contact,
      version: 1,
      senders: ['@contact.example'],
      patterns: { ...demoBillPatterns('Contact Energy'), invoiceNumber: 'Invoice no\\. (\\S+)' },
    },
  ]);
  await tx.insert(emailIntakeAddresses).values({
    organisationId,
    address: DEMO_INTAKE_ADDRESS,
    allowedSenders: ['@meridian.example', '@contact.example', '@genesis.example'],
    sendReceipt: 'yes',
    actingUserId,
  });

  const bill = (name: string, m: Meter, number: string, from: string, till: string, cost: number) =>
    renderInvoicePdf({
      retailer: name,
      customer: 'Demo Organisation',
      site: `${m.site} (account ${m.account})`,
      invoiceNumber: number,
      invoiceDate: addDays(till, 3),
      period: `${from} to ${till}`,
      consumption: `${Math.round(cost * 4)} kWh`,
      lines: [
        { description: 'Supply charges', amount: Math.round(cost * 80) / 100 },
        { description: 'Daily fixed charges', amount: Math.round(cost * 20) / 100 },
      ],
      gst: Math.round(cost * 15) / 100,
    });
  const nextFrom = addDays(contactMeter.till, 1);
  const messages = [
    {
      from: 'billing@meridian.example',
      days: 3,
      number: meridianMeter.number ?? `MER-${meridianMeter.invoiceId}`,
      pdf: await bill(
        'Meridian Energy',
        meridianMeter,
        meridianMeter.number ?? `MER-${meridianMeter.invoiceId}`,
        addDays(meridianMeter.till, -29),
        meridianMeter.till,
        Number(meridianMeter.cost),
      ),
      state: 'accepted' as const,
    },
    {
      from: 'accounts@contact.example',
      days: 2,
      number: 'CE-88120',
      pdf: await bill('Contact Energy', contactMeter, 'CE-88120', nextFrom, addDays(nextFrom, 29), 412.5),
      state: 'pending' as const,
    },
    {
      from: 'billing@meridian.example',
      days: 6,
      number: 'MER-55102',
      pdf: await bill(
        'Meridian Energy',
        { ...meridianMeter, account: '0009999999XX000' },
        'MER-55102',
        nextFrom,
        addDays(nextFrom, 29),
        233.1,
      ),
      state: 'pending' as const,
    },
    {
      from: 'invoices@genesis.example',
      days: 12,
      number: 'GEN-7741',
      pdf: await bill('Genesis Energy', contactMeter, 'GEN-7741', nextFrom, addDays(nextFrom, 29), 120),
      state: 'pending' as const,
    },
    {
      from: 'someone@unknown.example',
      days: 8,
      number: 'X-1',
      pdf: await bill('Mercury', meridianMeter, 'X-1', nextFrom, addDays(nextFrom, 29), 50),
      state: 'rejected' as const,
    },
  ];
  for (const m of messages) {
    const at = new Date(now.getTime() - m.days * DAY);
    const filename = `${m.number}.pdf`;
    const raw = mime(m.from, `Invoice ${m.number}`, filename, m.pdf, at);
    await storage.put(`mail/${sha(raw)}`, raw);
    const rejected = m.state === 'rejected' ? 'The sender is not on the allow-list of this address' : null;
    const [message] = await tx
      .insert(emailMessages)
      .values({
        organisationId,
        sender: m.from,
        recipient: DEMO_INTAKE_ADDRESS,
        actingUserId,
        subject: `Invoice ${m.number}`,
        sha256: sha(raw),
        sizeBytes: raw.length,
        storageKey: `mail/${sha(raw)}`,
        rejectedReason: rejected,
        receivedAt: at,
      })
      .returning({ id: emailMessages.id });
    if (!message) continue;
    if (rejected) {
      await tx.insert(emailLog).values({
        organisationId,
        kind: 'rejected',
        messageId: message.id,
        at,
        message: `Message 'Invoice ${m.number}' from ${m.from} rejected: ${rejected}`,
      });
      continue;
    }
    await storage.put(`mail/${sha(m.pdf)}`, m.pdf);
    const accepted = m.state === 'accepted';
    const [item] = await tx
      .insert(emailItems)
      .values({
        organisationId,
        messageId: message.id,
        position: 1,
        filename,
        contentType: 'application/pdf',
        sizeBytes: m.pdf.length,
        sha256: sha(m.pdf),
        storageKey: `mail/${sha(m.pdf)}`,
        state: m.state,
        retailerId: accepted ? meridian : null,
        templateVersion: accepted ? 1 : null,
        invoiceId: accepted ? meridianMeter.invoiceId : null,
        // Pending since it arrived: the worker's first sweep takes it.
        stateAt: at,
        createdAt: at,
      })
      .returning({ id: emailItems.id });
    if (accepted && item)
      await tx.insert(emailLog).values({
        organisationId,
        kind: 'accepted',
        messageId: message.id,
        itemId: item.id,
        at: new Date(at.getTime() + 60_000),
        message: `${filename} from ${m.from} accepted as invoice ${meridianMeter.invoiceId} (template version 1)`,
      });
  }
}
