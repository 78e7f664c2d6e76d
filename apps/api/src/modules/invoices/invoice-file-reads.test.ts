import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { retailers } from '@verdant/db/schema/retailers';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

// GET /invoices/info/{id}, /invoices/{id}/pdf-filename and /invoices/{id}/preauth-link/{x} (data-portal.md 7).
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-25T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Invoice Reads Org' });
  const other = await createOrganisation(t.db, { name: 'Other Reads Org' });
  const gas = await createDataType(t.db, { name: 'Gas reads' });
  const site = await createSite(t.db, org.id, { name: 'Depot' });
  const meter = await createMeter(t.db, site, {
    localName: 'Depot gas',
    energyId: gas.id,
    unitId: gas.stdUnitId,
  });
  const second = await createMeter(t.db, site, {
    localName: 'Yard gas',
    energyId: gas.id,
    unitId: gas.stdUnitId,
  });
  const [retailer] = await t.db.insert(retailers).values({ name: 'Reads Energy', type: 'gas' }).returning();
  const month = (m: string, invoiceNumber: string, extra = {}) =>
    createInvoice(t.db, meter, {
      from: `2026-${m}-01`,
      till: `2026-${m}-28`,
      consumption: 1,
      cost: 1,
      invoiceNumber,
      ...extra,
    });
  const july = await month('07', 'R-7');
  // August covers both meters; on the second it has no neighbours.
  const august = await month('08', 'R-8', {
    retailerId: retailer?.id,
    otherMeters: [{ meter: second, consumption: 2 }],
  });
  const september = await month('09', 'R-9');
  const reversal = await month('10', 'R-10-REV', { reverses: [september.id], kind: 'reversal' });
  Object.assign(ids, { meter: meter.id, second: second.id, july: july.id, august: august.id });
  Object.assign(ids, { september: september.id, reversal: reversal.id });
  await createMember(t.db, org.id, { loginId: 'r.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'r.observer', accessId: 4 });
  const barred = await createMember(t.db, org.id, { loginId: 'r.barred', accessId: 3 });
  await grantRight(t.db, {
    userId: barred.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: meter.id,
    rightId: -1,
  });
  await createMember(t.db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  for (const k of ['r.general', 'r.observer', 'r.barred', 'r.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

/** Uploads a file to the August invoice through its signed URL, as the page does. */
async function upload(filename: string, contentType: string, bytes: Buffer) {
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/invoices/${ids.august}/raw-data-url`,
    headers: bearer(tokens['r.general'] ?? ''),
    payload: { filename, contentType, length: bytes.length },
  });
  const put = await t.app.inject({
    method: 'PUT',
    url: asked.json().uploadURL,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.statusCode).toBe(200);
  return put.json().fileId as number;
}

describe('an invoice read by id', () => {
  it('answers its neighbours on the data source, whether it is reversed, its retailer and number', async () => {
    const info = await get('r.observer', `/invoices/info/${ids.august}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      previousId: ids.july,
      nextId: ids.september,
      reversed: false,
      retailer: 'Reads Energy',
      invoiceNumber: 'R-8',
    });
    const september = (await get('r.observer', `/invoices/info/${ids.september}`)).json();
    expect(september).toMatchObject({
      previousId: ids.august,
      nextId: ids.reversal,
      reversed: true,
      retailer: null,
    });
    expect((await get('r.observer', `/invoices/info/${ids.july}`)).json().previousId).toBeNull();
    // On the second data source August stands alone; an invoice not on the one named is not found.
    const onSecond = (await get('r.general', `/invoices/info/${ids.august}?meter=${ids.second}`)).json();
    expect(onSecond).toMatchObject({ previousId: null, nextId: null, invoiceNumber: 'R-8' });
    expect((await get('r.general', `/invoices/info/${ids.july}?meter=${ids.second}`)).statusCode).toBe(404);
    expect((await get('r.general', '/invoices/info/987654')).statusCode).toBe(404);
  });

  it("names the original PDF and links it and the invoice's other files for a limited time", async () => {
    const none = await get('r.observer', `/invoices/${ids.august}/pdf-filename`);
    expect(none.json()).toEqual({ success: true, data: null });
    expect((await get('r.observer', `/invoices/${ids.august}/preauth-link/pdf`)).statusCode).toBe(404);
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Invoice R-8');
    const pdfId = await upload('august.pdf', 'application/pdf', Buffer.from(await doc.save()));
    const csvId = await upload('august-reads.csv', 'text/csv', Buffer.from('date,m3\n2026-08-01,2\n'));
    expect((await get('r.observer', `/invoices/${ids.august}/pdf-filename`)).json()).toEqual({
      success: true,
      data: 'august.pdf',
    });
    const link = (await get('r.observer', `/invoices/${ids.august}/preauth-link/pdf`)).json();
    expect(link.data).toMatch(new RegExp(`^/api/direct/.+/files/${pdfId}$`));
    const opened = await t.app.inject({ url: link.data });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = (await get('r.observer', `/invoices/${ids.august}/preauth-link/${csvId}`)).json();
    expect((await t.app.inject({ url: raw.data })).body).toBe('date,m3\n2026-08-01,2\n');
    // Another invoice's file by its id, a file that is not there and a name that is neither are refused.
    expect((await get('r.observer', `/invoices/${ids.july}/preauth-link/${pdfId}`)).statusCode).toBe(404);
    expect((await get('r.observer', `/invoices/${ids.august}/preauth-link/99999999`)).statusCode).toBe(404);
    const bad = await get('r.observer', `/invoices/${ids.august}/preauth-link/original`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Name the file: 'pdf' for the original PDF, or a file's id");
  });

  it('tells a right barring the meter and another organisation nothing', async () => {
    for (const who of ['r.barred', 'r.outsider']) {
      for (const url of [
        `/invoices/info/${ids.august}`,
        `/invoices/${ids.august}/pdf-filename`,
        `/invoices/${ids.august}/preauth-link/pdf`,
      ]) {
        const res = await get(who, url);
        expect(res.statusCode, `${who} ${url}`).toBe(404);
        expect(res.body).not.toContain('august');
        expect(res.body).not.toContain('R-8');
      }
    }
  });
});
