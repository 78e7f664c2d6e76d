import path from 'node:path';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { meters } from '@verdant/db/schema/assets';
import { invoices } from '@verdant/db/schema/inputs';
import { files } from '@verdant/db/schema/organisation';
import { retailers } from '@verdant/db/schema/retailers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

async function fileOf(organisationId: number, invoiceId: number, filename: string, original: boolean) {
  const storageKey = `files/library-${invoiceId}-${filename.toLowerCase().replace(/[^a-z0-9]/g, '-')}`;
  await createLocalStorage(path.join(t.config.dataDir, 'files')).put(
    storageKey,
    Buffer.from(`bytes of ${filename}`),
  );
  const [row] = await t.db
    .insert(files)
    .values({
      organisationId,
      ownerType: 'invoice',
      ownerId: invoiceId,
      filename,
      contentType: filename.endsWith('.pdf') ? 'application/pdf' : 'text/csv',
      sizeBytes: 1234,
      storageKey,
    })
    .returning({ id: files.id });
  if (original && row)
    await t.db.update(invoices).set({ originalFileId: row.id }).where(eq(invoices.id, invoiceId));
  return row?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-25T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Library Org' });
  const other = await createOrganisation(t.db, { name: 'Other Library Org' });
  const [retailer, water] = await t.db
    .insert(retailers)
    .values([
      { name: 'Library Power', type: 'electricity' },
      { name: 'Library Water', type: 'water' },
    ])
    .returning({ id: retailers.id });
  const electricity = await createDataType(t.db, { name: 'Electricity library' });
  const supply = async (organisationId: number, name: string, account: string, retailerId: number) => {
    const site = await createSite(t.db, organisationId, { name: `${name} site` });
    return createMeter(t.db, site, {
      localName: name,
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
      account,
      retailerId,
    });
  };
  const office = await supply(org.id, 'Office supply', '0001234567AB-123', retailer?.id ?? 0);
  const pool = await supply(org.id, 'Pool supply', '0009999999CD-456', retailer?.id ?? 0);
  const tap = await supply(org.id, 'Tap water', 'W-77', water?.id ?? 0);
  const theirs = await supply(other.id, 'Their supply', '0001234567AB-999', retailer?.id ?? 0);
  const bill = (meter: typeof office, from: string, till: string, invoiceNumber: string) =>
    createInvoice(t.db, meter, { from, till, consumption: 10, cost: 5, invoiceNumber, invoiceDate: till });
  const sep = await bill(office, '2026-09-01', '2026-09-30', 'OF-09');
  const oct = await bill(office, '2026-10-01', '2026-10-31', 'OF-10');
  const poolSep = await bill(pool, '2026-09-01', '2026-09-30', 'PO-09');
  const tapSep = await bill(tap, '2026-09-01', '2026-09-30', 'TW-09');
  const theirSep = await bill(theirs, '2026-09-01', '2026-09-30', 'TH-09');
  ids.sepPdf = await fileOf(org.id, sep.id, 'OF-09.pdf', true);
  ids.sepCsv = await fileOf(org.id, sep.id, 'OF-09 raw.csv', false);
  ids.octPdf = await fileOf(org.id, oct.id, 'OF-10.pdf', true);
  ids.poolPdf = await fileOf(org.id, poolSep.id, 'PO-09.pdf', true);
  ids.tapPdf = await fileOf(org.id, tapSep.id, 'TW-09.pdf', true);
  ids.theirPdf = await fileOf(other.id, theirSep.id, 'TH-09.pdf', true);
  Object.assign(ids, {
    org: org.id,
    other: other.id,
    retailer: retailer?.id ?? 0,
    water: water?.id ?? 0,
    sep: sep.id,
    pool: pool.id,
  });
  await createMember(t.db, org.id, { loginId: 'l.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'l.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'l.observer', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'l.outsider', accessId: 2, admin: true });
  await createUser(t.db, { loginId: 'l.root', productAdmin: true });
  for (const k of ['l.admin', 'l.general', 'l.observer', 'l.outsider', 'l.root'])
    tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const search = (who: string, parts: (string | number)[]) =>
  t.app.inject({
    method: 'GET',
    url: `/api/files/invoice-files/${parts.map((p) => encodeURIComponent(String(p))).join('/')}`,
    headers: bearer(tokens[who] ?? ''),
  });
const names = (res: { json: () => { files: { filename: string }[] } }) =>
  res.json().files.map((f) => f.filename);

describe('the Data Library', () => {
  it("finds an organisation's invoice files by retailer, year and month, newest first, with their invoices", async () => {
    const res = await search('l.admin', [ids.retailer ?? 0, ids.org ?? 0, 'any', 2026, 'any']);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['OF-10.pdf', 'PO-09.pdf', 'OF-09 raw.csv', 'OF-09.pdf']);
    const sep = res.json().files.find((f: { filename: string }) => f.filename === 'OF-09.pdf');
    expect(sep).toMatchObject({
      id: ids.sepPdf,
      type: 'pdf',
      month: '202609',
      original: true,
      key: `${ids.retailer}/${ids.org}/0001234567AB-123/2026/09/OF-09.pdf`,
      retailer: { id: ids.retailer, name: 'Library Power' },
      organisation: { id: ids.org, name: 'Library Org' },
      accounts: ['0001234567AB-123'],
      meters: ['Office supply'],
      invoice: { id: ids.sep, invoiceNumber: 'OF-09', dateFrom: '2026-09-01', dateTill: '2026-09-30' },
    });
    expect(res.json().files.find((f: { filename: string }) => f.filename === 'OF-09 raw.csv')).toMatchObject({
      type: 'other',
      original: false,
    });
    expect(res.json().more).toBe(false);
    const download = await t.app.inject({ method: 'GET', url: sep.url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('bytes of OF-09.pdf');
  });

  it('matches an account number without its spaces and hyphens, in any case, and part of one', async () => {
    const exact = await search('l.admin', ['any', ids.org ?? 0, '0001234567ab 123', 2026, 9]);
    expect(names(exact)).toEqual(['OF-09 raw.csv', 'OF-09.pdf']);
    const part = await search('l.admin', ['any', ids.org ?? 0, 'W-77', 'any', 'any']);
    expect(part.statusCode).toBe(400);
    const water = await search('l.admin', [ids.water ?? 0, ids.org ?? 0, 'w77', 'any', 'any']);
    expect(names(water)).toEqual(['TW-09.pdf']);
  });

  it('needs three of the five filters, and finds nothing where nothing matches', async () => {
    for (const parts of [
      ['any', ids.org ?? 0, 'any', 2026, 'any'],
      ['any', ids.org ?? 0, 'ANY', 'any', 'any'],
      [ids.retailer ?? 0, ids.org ?? 0, 'any', 'any', 'any'],
    ]) {
      const res = await search('l.admin', parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You must choose at least three filters');
    }
    const none = await search('l.admin', [ids.retailer ?? 0, ids.org ?? 0, 'any', 2019, 'any']);
    expect(none.json()).toEqual({ files: [], more: false });
  });

  it('refuses bad filters with a clear error, never a 500', async () => {
    for (const parts of [
      ['any', ids.org ?? 0, 'any', 1999, 1],
      ['any', ids.org ?? 0, 'any', 2026, 13],
      ['any', ids.org ?? 0, 'any', 2026, 0],
      ['x', ids.org ?? 0, 'any', 2026, 1],
      ['any', 'all', 'any', 2026, 1],
      ['any', ids.org ?? 0, 'a'.repeat(101), 2026, 1],
    ]) {
      const res = await search('l.admin', parts);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
  });

  it("leaves a deleted data source's files out", async () => {
    await t.db
      .update(meters)
      .set({ deletedAt: new Date() })
      .where(eq(meters.id, ids.pool ?? 0));
    const res = await search('l.admin', [ids.retailer ?? 0, ids.org ?? 0, 'any', 2026, 9]);
    expect(names(res)).toEqual(['OF-09 raw.csv', 'OF-09.pdf']);
    await t.db
      .update(meters)
      .set({ deletedAt: null })
      .where(eq(meters.id, ids.pool ?? 0));
  });

  it('only product administrators search across organisations', async () => {
    const all = await search('l.root', [ids.retailer ?? 0, 'any', '0001234567AB', 2026, 9]);
    expect(all.statusCode).toBe(200);
    expect(all.json().files.map((f: { organisation: { name: string } }) => f.organisation.name)).toEqual([
      'Library Org',
      'Library Org',
      'Other Library Org',
    ]);
    const theirs = await search('l.root', ['any', ids.other ?? 0, 'any', 2026, 9]);
    expect(names(theirs)).toEqual(['TH-09.pdf']);
    for (const who of ['l.admin', 'l.outsider', 'l.general', 'l.observer']) {
      const res = await search(who, [ids.retailer ?? 0, 'any', '0001234567AB', 2026, 9]);
      expect(res.statusCode).toBe(403);
      expect(JSON.stringify(res.json())).not.toContain('OF-09');
    }
  });

  it("refuses another organisation's administrator, a general user and a read-only user, who learn nothing", async () => {
    for (const who of ['l.outsider', 'l.general', 'l.observer']) {
      const res = await search(who, [ids.retailer ?? 0, ids.org ?? 0, 'any', 2026, 'any']);
      expect(res.statusCode).toBe(403);
      expect(JSON.stringify(res.json())).not.toMatch(/OF-09|Library Power|0001234567/);
    }
    const own = await search('l.outsider', [ids.retailer ?? 0, ids.other ?? 0, 'any', 2026, 'any']);
    expect(names(own)).toEqual(['TH-09.pdf']);
  });
});
