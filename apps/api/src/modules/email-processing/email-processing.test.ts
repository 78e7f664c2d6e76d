import path from 'node:path';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { renderInvoicePdf } from '@verdant/db/invoice-pdf';
import { emailTemplates } from '@verdant/db/schema/email-intake';
import { intArray } from '@verdant/db/sql-arrays';
import { EMAIL_REASONS } from '@verdant/domain/email-processing/email-processing';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processEmailItem } from '../../jobs/email/email-item.process';
import { createLocalStorage } from '../../lib/storage';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { billPdf, encryptedPdf, intakeFixture, mimeMessage } from './email-fixtures';
import { addressOf } from './intake.queries';
import { storeReceived } from './intake-store';

/*
 * Receipt and processing (docs/decisions/email-intake.md): every message ends stored, and every item accepted
 * (an invoice with its original file), parked, deferred or rejected with its reason; nothing is dropped.
 */
const NOW = new Date('2026-11-21T10:00:00Z');
let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;
let storage: ReturnType<typeof createLocalStorage>;
const deps = () => ({ db: t.db, storage, clock: () => NOW, log: () => {} });

async function receive(m: Parameters<typeof mimeMessage>[0] | Buffer, from = 'bills@southern.test') {
  const raw = Buffer.isBuffer(m) ? m : await mimeMessage(m);
  const address = await addressOf(t.db, fx.address);
  return storeReceived(deps(), raw, { from, to: address ? [address] : [] });
}

const mail = (subject: string, attachments: Parameters<typeof mimeMessage>[0]['attachments'] = []) => ({
  from: 'bills@southern.test',
  to: fx.address,
  subject,
  attachments,
});

async function itemOf(id: number) {
  const rows = await t.db.execute<{
    state: string;
    reasonCode: string | null;
    reason: string | null;
    invoiceId: number | null;
  }>(
    sql`select state, reason_code as "reasonCode", reason, invoice_id as "invoiceId" from email_items where id = ${id}`,
  );
  return rows.rows[0];
}

async function processOne(m: Parameters<typeof mimeMessage>[0], from?: string) {
  const received = await receive(m, from);
  const [id] = received.pendingItemIds;
  expect(id).toBeDefined();
  await processEmailItem(id ?? 0, deps());
  return itemOf(id ?? 0);
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  storage = createLocalStorage(path.join(t.config.dataDir, 'files'));
  fx = await intakeFixture(t.db, 'Mail Org');
});
afterAll(() => t?.close());

describe('receipt', () => {
  it('stores the raw message and each attachment by SHA-256; the same message again links to the first', async () => {
    const m = await mimeMessage(
      mail('October bill', [{ filename: 'bill.pdf', content: await billPdf('ACC-1', 'R-1') }]),
    );
    const first = await receive(m);
    expect(first.pendingItemIds).toHaveLength(1);
    const again = await receive(m);
    expect(again.pendingItemIds).toEqual([]);
    const rows = await t.db.execute<{ id: number; duplicateOf: number | null; storageKey: string }>(sql`
      select id, duplicate_of as "duplicateOf", storage_key as "storageKey" from email_messages
      where id = any(${intArray([...first.messageIds, ...again.messageIds])}) order by id`);
    expect(rows.rows[1]?.duplicateOf).toBe(rows.rows[0]?.id);
    expect(await storage.get(rows.rows[0]?.storageKey ?? '')).not.toBeNull();
    const log = await t.db.execute<{ message: string }>(
      sql`select message from email_log where message_id = ${again.messageIds[0]}`,
    );
    expect(log.rows[0]?.message).toContain('linked to it, not processed again');
  });

  it('rejects, with its reason, a message from a sender not allowed, one without attachments and malformed MIME', async () => {
    const notAllowed = await receive(
      { ...mail('From a stranger', [{ filename: 'x.pdf', content: 'x' }]), from: 'x@evil.test' },
      'x@evil.test',
    );
    const empty = await receive(mail('Nothing attached'));
    const garbage = await receive(
      Buffer.from('\u0000\u00ff\r\n--broken\r\nContent-Type: multipart/mixed; boundary=\r\n'),
    );
    const reasons = await t.db.execute<{ id: number; rejectedReason: string | null }>(sql`
      select id, rejected_reason as "rejectedReason" from email_messages
      where id in (${notAllowed.messageIds[0]}, ${empty.messageIds[0]}, ${garbage.messageIds[0]}) order by id`);
    expect(reasons.rows.map((r) => r.rejectedReason)).toEqual([
      EMAIL_REASONS['sender-not-allowed'],
      EMAIL_REASONS['no-attachments'],
      EMAIL_REASONS['no-attachments'],
    ]);
    const logged = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from email_log where kind = 'rejected'
        and message_id in (${notAllowed.messageIds[0]}, ${empty.messageIds[0]}, ${garbage.messageIds[0]})`);
    expect(logged.rows[0]?.n).toBe(3);
  });

  it('keeps a 30 MB attachment in the raw message and rejects it as too large', async () => {
    const big = Buffer.alloc(30 * 1024 * 1024, 7);
    const received = await receive(mail('A huge scan', [{ filename: 'scan.pdf', content: big }]));
    expect(received.pendingItemIds).toEqual([]);
    const rows = await t.db.execute<{ state: string; reasonCode: string }>(sql`
      select state, reason_code as "reasonCode" from email_items where message_id = ${received.messageIds[0]}`);
    expect(rows.rows).toEqual([{ state: 'rejected', reasonCode: 'too-large' }]);
  });
});

describe('processing', () => {
  it('accepts a bill its template reads: an invoice through the invoice checks, the PDF as its original', async () => {
    const item = await processOne(
      mail('Bill A-100', [{ filename: 'A-100.pdf', content: await billPdf('ACC-1', 'A-100') }]),
    );
    expect(item?.state).toBe('accepted');
    const invoice = await t.db.execute<{ number: string; total: string; file: string; owner: string }>(sql`
      select i.invoice_number as number, i.total_payable::text as total, f.filename as file, f.owner_type as owner
      from invoices i join files f on f.id = i.original_file_id where i.id = ${item?.invoiceId ?? 0}`);
    expect(invoice.rows[0]).toEqual({
      number: 'A-100',
      total: '138.00',
      file: 'A-100.pdf',
      owner: 'invoice',
    });
    const log = await t.db.execute<{ message: string }>(
      sql`select message from email_log where kind = 'accepted' order by id desc limit 1`,
    );
    expect(log.rows[0]?.message).toContain(`accepted as invoice ${item?.invoiceId}`);
  });

  it('parks the same bill again as a duplicate, and an unknown account, each with its reason', async () => {
    const again = await processOne(
      mail('Bill A-100 again', [{ filename: 'A-100 copy.pdf', content: await billPdf('ACC-1', 'A-100') }]),
    );
    expect(again?.reasonCode).toBe('duplicate');
    const unknown = await processOne(
      mail('Bill B-1', [{ filename: 'B-1.pdf', content: await billPdf('ACC-404', 'B-1') }]),
    );
    expect(unknown).toMatchObject({ state: 'parked', reasonCode: 'unknown-account' });
    expect(unknown?.reason).toContain('ACC-404');
  });

  it('parks a bill no template recognises, and one whose totals do not add up', async () => {
    const gas = await renderInvoicePdf({
      retailer: 'Northern Gas Co',
      customer: 'Mail Org',
      site: 'x',
      invoiceNumber: 'G-1',
      invoiceDate: '2026-10-01',
      period: '2026-09-01 to 2026-09-30',
      consumption: '10 GJ',
      lines: [{ description: 'Gas', amount: 10 }],
      gst: 1.5,
    });
    const unknown = await processOne(
      { ...mail('Gas', [{ filename: 'gas.pdf', content: gas }]), from: 'accounts@other.test' },
      'accounts@other.test',
    );
    expect(unknown?.reasonCode).toBe('unknown-retailer');
    const retailer = await t.db.execute<{ id: number }>(
      sql`select id from retailers order by id offset 1 limit 1`,
    );
    await t.db.insert(emailTemplates).values({
      retailerId: retailer.rows[0]?.id ?? 0,
      version: 1,
      senders: ['accounts@other.test'],
      patterns: {
        account: 'Account number (\\S+)',
        invoiceNumber: 'Invoice number (\\S+)',
        dateFrom: 'period (\\S+) to',
        dateTill: 'to (\\S+)$',
        gst: 'Total excluding GST (\\S+)',
        totalPayable: 'Total payable (\\S+)',
        line: '^(Energy charges) (\\S+)$',
      },
    });
    const totals = await processOne(
      {
        ...mail('Odd totals', [{ filename: 'odd.pdf', content: await billPdf('ACC-1', 'T-1') }]),
        from: 'accounts@other.test',
      },
      'accounts@other.test',
    );
    expect(totals?.reasonCode).toBe('totals');
  });

  it('parks a bill the invoice checks refuse (before the data source opened) as a bill-audit refusal', async () => {
    await createMeter(t.db, await createSite(t.db, fx.org.id, { name: 'Late site' }), {
      localName: 'Late supply',
      account: 'ACC-LATE',
      meterOpen: '2026-10-15',
      energyId: fx.meter.energyId,
      unitId: fx.meter.unitId,
    });
    const item = await processOne(
      mail('Late', [{ filename: 'late.pdf', content: await billPdf('ACC-LATE', 'L-1') }]),
    );
    expect(item).toMatchObject({ state: 'parked', reasonCode: 'bill-audit' });
  });

  it('rejects a fake PDF, an encrypted PDF, a zip archive and an unsupported file with their reasons', async () => {
    const fake = await processOne(mail('Fake', [{ filename: 'bill.pdf', content: 'not a pdf at all' }]));
    const locked = await processOne(mail('Locked', [{ filename: 'locked.pdf', content: encryptedPdf() }]));
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 0)]);
    const bomb = await processOne(mail('Zip', [{ filename: 'bills.zip', content: zip }]));
    const image = await processOne(
      mail('Image', [{ filename: 'photo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }]),
    );
    expect([fake, locked, bomb, image].map((i) => [i?.state, i?.reasonCode])).toEqual([
      ['rejected', 'not-pdf'],
      ['rejected', 'encrypted'],
      ['rejected', 'archive'],
      ['rejected', 'unsupported-type'],
    ]);
  });

  it('never expands a zip bomb: rejected as an archive, or parked by the workbook reader when named .xlsx', async () => {
    const zeros = new Uint8Array(60 * 1024 * 1024);
    const bomb = Buffer.from(zipSync({ 'zeros.csv': zeros }, { level: 9 }));
    const asXlsx = Buffer.from(
      zipSync(
        { '[Content_Types].xml': strToU8('<Types/>'), 'xl/worksheets/sheet1.xml': zeros },
        { level: 9 },
      ),
    );
    expect(bomb.length + asXlsx.length).toBeLessThan(300 * 1024);
    const zip = await processOne(mail('Bomb', [{ filename: 'bills.zip', content: bomb }]));
    expect([zip?.state, zip?.reasonCode]).toEqual(['rejected', 'archive']);
    const sheet = await processOne(mail('Bomb sheet', [{ filename: 'bills.xlsx', content: asXlsx }]));
    expect([sheet?.state, sheet?.reasonCode]).toEqual(['parked', 'import-refused']);
    expect(sheet?.reason).toMatch(/unpacks to more than 200 MB/);
  });

  it('loads a CSV of invoices through the import pipeline, and parks one naming an unknown data source', async () => {
    const csv = `Meter,Invoice Number,From,Till,Consumption,Cost\nMail Org supply,CSV-1,2026-08-01,2026-08-31,500,80.00\n`;
    const ok = await processOne(
      mail('CSV', [{ filename: 'august.csv', content: csv, contentType: 'text/csv' }]),
    );
    expect(ok?.state).toBe('accepted');
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where organisation_id = ${fx.org.id} and invoice_number = 'CSV-1'`,
    );
    expect(stored.rows[0]?.n).toBe(1);
    const bad = await processOne(
      mail('CSV 2', [
        {
          filename: 'other.csv',
          content: csv.replace('Mail Org supply', 'Nowhere meter').replace('CSV-1', 'CSV-2'),
          contentType: 'text/csv',
        },
      ]),
    );
    expect(bad?.state).toBe('parked');
  });

  it('defers an item whose processing crashed, with the error, and processes it when re-run', async () => {
    const received = await receive(
      mail('Crash', [{ filename: 'crash.pdf', content: await billPdf('ACC-1', 'C-1') }]),
    );
    const id = received.pendingItemIds[0] ?? 0;
    const key = await t.db.execute<{ k: string }>(
      sql`select storage_key as k from email_items where id = ${id}`,
    );
    const bytes = await billPdf('ACC-1', 'C-1');
    await storage.delete(key.rows[0]?.k ?? '');
    await processEmailItem(id, deps());
    expect(await itemOf(id)).toMatchObject({ state: 'deferred', reasonCode: 'crashed' });
    await storage.put(key.rows[0]?.k ?? '', bytes);
    await processEmailItem(id, deps());
    expect((await itemOf(id))?.state).toBe('accepted');
  });
});
