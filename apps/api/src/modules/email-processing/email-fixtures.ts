import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import type { Db } from '@verdant/db/client';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { renderInvoicePdf } from '@verdant/db/invoice-pdf';
import { emailIntakeAddresses, emailTemplates } from '@verdant/db/schema/email-intake';
import type { TemplatePatterns } from '@verdant/domain/email-processing/template-read';
import { sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { readUntil } from '../../testing/until';

/** Patterns that read the bills `renderInvoicePdf` draws (the demo's template is the same). */
export const BILL_PATTERNS: TemplatePatterns = {
  identify: 'Southern Power Ltd',
  account: 'Account number (\\S+)',
  invoiceNumber: 'Invoice number (\\S+)',
  invoiceDate: 'Invoice date (\\d{4}-\\d{2}-\\d{2})',
  dateFrom: 'Billing period (\\d{4}-\\d{2}-\\d{2}) to',
  dateTill: 'Billing period \\S+ to (\\d{4}-\\d{2}-\\d{2})',
  consumption: 'Consumption ([\\d.,]+)',
  gst: 'GST \\(15%\\) (\\$[\\d.,]+)',
  totalPayable: 'Total payable (\\$[\\d.,]+)',
  line: '^(?!Total|GST|Charges)(.+) (\\$[\\d.,]+)$',
};

/** A bill of $120.00 plus $18.00 GST for an account, as the retailer's PDF. */
export function billPdf(account: string, invoiceNumber: string, over: { total?: number } = {}) {
  return renderInvoicePdf({
    retailer: 'Southern Power Ltd',
    customer: 'Mail Org',
    site: '1 Intake Street',
    invoiceNumber,
    account,
    invoiceDate: '2026-10-05',
    period: '2026-09-01 to 2026-09-30',
    consumption: '640 kWh',
    lines: [
      { description: 'Energy charges', amount: 100 },
      { description: 'Daily fixed charges', amount: over.total ? over.total - 118 : 20 },
    ],
    gst: 18,
  });
}

/** A PDF encrypted with a user password (the standard handler, revision 2): readers ask for the password. */
export function encryptedPdf(): Buffer {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -44 >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${rows}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export interface Attachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

/** A whole MIME message as a mail server would hand it over. */
export function mimeMessage(m: { from: string; to: string; subject: string; attachments?: Attachment[] }) {
  return new MailComposer({
    ...m,
    text: 'Please find our invoice attached.',
    date: new Date('2026-11-20T09:00:00Z'),
    messageId: `<${m.subject.replace(/\W/g, '')}@test>`,
  })
    .compile()
    .build();
}

/** An organisation with an intake address, a data source with account ACC-1, and the retailer's template. */
export async function intakeFixture(db: Db, name: string) {
  const org = await createOrganisation(db, { name });
  const acting = await createMember(db, org.id, {
    loginId: `${name.replace(/\W/g, '').toLowerCase()}.intake`,
    accessId: 2,
  });
  const electricity = await createDataType(db, { name: `Electricity ${name}` });
  const site = await createSite(db, org.id, { name: `${name} site` });
  const meter = await createMeter(db, site, {
    localName: `${name} supply`,
    account: 'ACC-1',
    meterOpen: '2024-01-01',
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
  });
  const address = `invoices+${org.id}@intake.test`;
  await db.insert(emailIntakeAddresses).values({
    organisationId: org.id,
    address,
    allowedSenders: ['@southern.test', 'accounts@other.test'],
    actingUserId: acting.id,
  });
  const retailer = await db.execute<{ id: number }>(sql`select id from retailers order by id limit 1`);
  const retailerId = retailer.rows[0]?.id ?? 0;
  const existing = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from email_templates where retailer_id = ${retailerId}`,
  );
  if ((existing.rows[0]?.n ?? 0) === 0)
    await db.insert(emailTemplates).values({
      retailerId,
      version: 1,
      senders: ['@southern.test'],
      patterns: BILL_PATTERNS,
    });
  return { org, meter, address, retailerId, acting };
}

type ItemState = {
  state: string;
  reasonCode: string | null;
};

/** The state of the latest email item made of an attachment of this name, if there is one. */
export async function itemStateOf(db: Db, filename: string): Promise<ItemState | undefined> {
  const rows = await db.execute<ItemState>(sql`
    select state, reason_code as "reasonCode" from email_items where filename = ${filename} order by id desc limit 1`);
  return rows.rows[0];
}

/** Waits until the item of this attachment is in one of the states (a minute unless told). */
export const itemReaches = (db: Db, filename: string, states: string[], ms?: number) =>
  readUntil(
    () => itemStateOf(db, filename),
    (item): item is ItemState => item !== undefined && states.includes(item.state),
    `${filename} is ${states.join(' or ')}`,
    ms,
  );
