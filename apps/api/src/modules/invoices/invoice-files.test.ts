import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { invoices } from '@verdant/db/schema/inputs';
import { files } from '@verdant/db/schema/organisation';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let pdf: Buffer;
let supply: Awaited<ReturnType<typeof createMeter>>;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-25T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Invoice Files Org' });
  const other = await createOrganisation(t.db, { name: 'Other Files Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity files' });
  const site = await createSite(t.db, org.id, { name: 'Office' });
  const meter = await createMeter(t.db, site, {
    localName: 'Office supply',
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
  });
  const invoice = await createInvoice(t.db, meter, {
    from: '2026-09-01',
    till: '2026-09-30',
    consumption: 10,
    cost: 5,
    invoiceNumber: 'F-1',
  });
  Object.assign(ids, { meter: meter.id, invoice: invoice.id });
  supply = meter;
  await createMember(t.db, org.id, { loginId: 'f.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'f.observer', accessId: 4 });
  const barred = await createMember(t.db, org.id, { loginId: 'f.advanced', accessId: 3 });
  await grantRight(t.db, {
    userId: barred.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: meter.id,
    rightId: -1,
  });
  await createMember(t.db, other.id, { loginId: 'f.outsider', accessId: 2, admin: true });
  for (const k of ['f.general', 'f.observer', 'f.advanced', 'f.outsider']) tokens[k] = await t.login(k);
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Invoice F-1');
  pdf = Buffer.from(await doc.save());
});
afterAll(() => t.close());

const call = (who: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });
const ask = (who: string, filename: string, contentType: string, length: number) =>
  call(who, 'POST', `/invoices/${ids.invoice}/raw-data-url`, { filename, contentType, length });
const put = (url: string, bytes: Buffer, length = bytes.length) =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: bytes,
    headers: {
      'content-type': 'application/octet-stream',
      'x-amz-storage-class': length < 128_000 ? 'STANDARD_IA' : 'INTELLIGENT_TIERING',
    },
  });

describe('invoice files', () => {
  it('uploads a PDF through the signed URL; it becomes the original and opens through its links', async () => {
    const res = await ask('f.general', 'bill.pdf', 'application/pdf', pdf.length);
    expect(res.statusCode).toBe(200);
    const { uploadURL, downloadURL, storageClass } = res.json();
    expect(storageClass).toBe('STANDARD_IA');
    const up = await put(uploadURL, pdf);
    expect(up.statusCode).toBe(200);
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, ids.invoice ?? 0));
    expect(invoice?.originalFileId).toBe(up.json().fileId);
    const opened = await t.app.inject({ url: downloadURL });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The list shows the PDF icon's link, which opens the same file.
    const list = await t.app.inject({
      url: `/api/meters/${ids.meter}/invoices`,
      headers: bearer(tokens['f.observer'] ?? ''),
    });
    const entry = list.json().rows.find((r: { type: string }) => r.type === 'invoice').invoice;
    expect(entry.pdf).toMatch(/^\/api\/direct\/.+\/files\/\d+$/);
    expect((await t.app.inject({ url: entry.pdf })).statusCode).toBe(200);
    // So does the invoice page's header (originalInvoice).
    const page = await t.app.inject({
      url: `/api/invoices/get/${ids.invoice}?meter=${ids.meter}`,
      headers: bearer(tokens['f.observer'] ?? ''),
    });
    expect(page.json().originalInvoice).toMatch(/^\/api\/direct\/.+\/files\/\d+$/);
    expect((await t.app.inject({ url: page.json().originalInvoice })).statusCode).toBe(200);
    // A second upload is a raw data file.
    const csv = Buffer.from('date,kwh\n2026-09-01,10\n');
    const second = (await ask('f.general', 'reads.csv', 'text/csv', csv.length)).json();
    expect((await put(second.uploadURL, csv)).statusCode).toBe(200);
    const again = await t.app.inject({
      url: `/api/meters/${ids.meter}/invoices`,
      headers: bearer(tokens['f.observer'] ?? ''),
    });
    const raw = again.json().rows.find((r: { type: string }) => r.type === 'invoice').invoice.raw;
    expect(raw.map((f: { filename: string }) => f.filename)).toEqual(['reads.csv']);
  });

  it('refuses a 50 MB upload, a type the name does not claim, content that is not its type, and a forged link', async () => {
    const before = (await t.db.select().from(files)).length;
    const big = await ask('f.general', 'huge.pdf', 'application/pdf', 50 * 1024 * 1024);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('The file is larger than 20 MB.');
    expect((await ask('f.general', 'bill.pdf', 'image/png', 100)).statusCode).toBe(400);
    expect((await ask('f.general', 'run.exe', 'application/octet-stream', 100)).statusCode).toBe(400);
    // Text claiming to be a PDF.
    const fake = Buffer.from('this is not a pdf at all');
    const url = (await ask('f.general', 'fake.pdf', 'application/pdf', fake.length)).json()
      .uploadURL as string;
    const refused = await put(url, fake);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The file is not a pdf file: its content does not match its type');
    // A PDF sent as CSV.
    const csvUrl = (await ask('f.general', 'x.csv', 'text/csv', pdf.length)).json().uploadURL as string;
    expect((await put(csvUrl, pdf)).statusCode).toBe(400);
    // More than was announced, or a link whose claim was changed.
    const ok = (await ask('f.general', 'b.pdf', 'application/pdf', pdf.length)).json().uploadURL as string;
    expect((await put(ok.replace(/size=\d+/, 'size=99'), pdf)).statusCode).toBe(404);
    const oversize = Buffer.alloc(21 * 1024 * 1024);
    expect((await put(ok, oversize)).statusCode).toBe(400);
    expect((await t.db.select().from(files)).length).toBe(before);
  });

  it('links an existing PDF as the original; refuses what is not a PDF of the organisation', async () => {
    const [file] = await t.db.select().from(files).where(eq(files.filename, 'bill.pdf'));
    const res = await call('f.general', 'PUT', `/invoices/${ids.invoice}/original-link`, {
      folder: `files/${file?.id}`,
    });
    expect(res.statusCode).toBe(200);
    const csv = (await t.db.select().from(files).where(eq(files.filename, 'reads.csv')))[0];
    expect(
      (
        await call('f.general', 'PUT', `/invoices/${ids.invoice}/original-link`, {
          folder: `files/${csv?.id}`,
        })
      ).statusCode,
    ).toBe(400);
    const unknown = await call('f.general', 'PUT', `/invoices/${ids.invoice}/original-link`, {
      folder: 'files/999999',
    });
    expect(unknown.json().message).toBe("That file is not one of this organisation's files");
  });

  it('refuses an observer, a right barring the meter and another organisation', async () => {
    expect((await ask('f.observer', 'bill.pdf', 'application/pdf', 100)).statusCode).toBe(403);
    expect((await ask('f.advanced', 'bill.pdf', 'application/pdf', 100)).statusCode).toBe(404);
    expect((await ask('f.outsider', 'bill.pdf', 'application/pdf', 100)).statusCode).toBe(404);
    expect(
      (await call('f.observer', 'PUT', `/invoices/${ids.invoice}/original-link`, { folder: '1' })).statusCode,
    ).toBe(403);
    expect(
      (await call('f.outsider', 'PUT', `/invoices/${ids.invoice}/original-link`, { folder: '1' })).statusCode,
    ).toBe(404);
  });
});

// GET /invoices/{id}/pdf-filename and /invoices/{id}/preauth-link/{x} (data-portal.md 7), after the uploads above.
describe("an invoice's files by name and link", () => {
  const get = (who: string, url: string) =>
    t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

  it('names the original PDF and links it and the other files for a limited time', async () => {
    const [bill] = await t.db.select().from(files).where(eq(files.filename, 'bill.pdf'));
    const [reads] = await t.db.select().from(files).where(eq(files.filename, 'reads.csv'));
    const at = `/invoices/${ids.invoice}`;
    expect((await get('f.observer', `${at}/pdf-filename`)).json()).toEqual({
      success: true,
      data: 'bill.pdf',
    });
    const link = (await get('f.observer', `${at}/preauth-link/pdf`)).json();
    expect(link.data).toMatch(new RegExp(`^/api/direct/.+/files/${bill?.id}$`));
    expect((await t.app.inject({ url: link.data })).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = (await get('f.observer', `${at}/preauth-link/${reads?.id}`)).json();
    expect((await t.app.inject({ url: raw.data })).body).toBe('date,kwh\n2026-09-01,10\n');
    expect((await get('f.observer', `${at}/preauth-link/99999999`)).statusCode).toBe(404);
    const bad = await get('f.observer', `${at}/preauth-link/original`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Name the file: 'pdf' for the original PDF, or a file's id");
  });

  it("answers none for an invoice without files, and no other invoice's file", async () => {
    const [bill] = await t.db.select().from(files).where(eq(files.filename, 'bill.pdf'));
    const bare = await createInvoice(t.db, supply, {
      from: '2026-10-01',
      till: '2026-10-31',
      consumption: 1,
      cost: 1,
    });
    const at = `/invoices/${bare.id}`;
    expect((await get('f.general', `${at}/pdf-filename`)).json()).toEqual({ success: true, data: null });
    expect((await get('f.general', `${at}/preauth-link/pdf`)).statusCode).toBe(404);
    expect((await get('f.general', `${at}/preauth-link/${bill?.id}`)).statusCode).toBe(404);
  });

  it('tells a right barring the meter and another organisation nothing', async () => {
    for (const who of ['f.advanced', 'f.outsider']) {
      for (const url of [
        `/invoices/${ids.invoice}/pdf-filename`,
        `/invoices/${ids.invoice}/preauth-link/pdf`,
      ]) {
        const res = await get(who, url);
        expect(res.statusCode, `${who} ${url}`).toBe(404);
        expect(res.body).not.toContain('bill.pdf');
      }
    }
  });
});
