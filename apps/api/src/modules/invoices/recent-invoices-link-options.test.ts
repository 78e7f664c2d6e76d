import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { invoices } from '@verdant/db/schema/inputs';
import { files } from '@verdant/db/schema/organisation';
import { addMonths, fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * GET /meters/{id}/recent-invoices (what a new note may be bound to) and GET /invoices/{id}/link-options (the
 * PDFs an editor may link as an invoice's original): data-portal.md 7.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const file: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-25T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Recent Org' });
  const other = await createOrganisation(t.db, { name: 'Other Recent Org' });
  const power = await createDataType(t.db, { name: 'Electricity recent' });
  const office = await createSite(t.db, org.id, { name: 'Office' });
  const depot = await createSite(t.db, org.id, { name: 'Depot' });
  const supply = await createMeter(t.db, office, {
    localName: 'Office supply',
    energyId: power.id,
    unitId: power.stdUnitId,
  });
  const yard = await createMeter(t.db, depot, {
    localName: 'Yard',
    energyId: power.id,
    unitId: power.stdUnitId,
  });
  // Thirty monthly invoices, the oldest first.
  for (let i = 0; i < 30; i++) {
    const from = addMonths('2024-04-01', i);
    const row = await createInvoice(t.db, supply, {
      from,
      till: fromDayNumber(toDayNumber(addMonths(from, 1)) - 1),
      consumption: 100 + i,
      cost: 20 + i,
      invoiceNumber: `R-${i + 1}`,
    });
    ids[`invoice${i + 1}`] = row.id;
  }
  const yardInvoice = await createInvoice(t.db, yard, {
    from: '2026-09-01',
    till: '2026-09-30',
    consumption: 5,
    cost: 2,
    invoiceNumber: 'Y-1',
  });
  Object.assign(ids, { org: org.id, supply: supply.id, yard: yard.id, yardInvoice: yardInvoice.id });
  const pdf = (ownerType: string, ownerId: number, filename: string, contentType = 'application/pdf') =>
    t.db
      .insert(files)
      .values({
        organisationId: org.id,
        ownerType,
        ownerId,
        filename,
        contentType,
        sizeBytes: 10,
        storageKey: `files/${filename}`,
      })
      .returning({ id: files.id })
      .then(([r]) => r?.id ?? 0);
  file.own = await pdf('invoice', ids.invoice30 ?? 0, 'own.pdf');
  file.ownCsv = await pdf('invoice', ids.invoice30 ?? 0, 'reads.csv', 'text/csv');
  file.statement = await pdf('invoice', ids.invoice29 ?? 0, 'statement.pdf');
  file.meter = await pdf('meter', supply.id, 'contract.pdf');
  file.organisation = await pdf('organisation', org.id, 'annual-report.pdf');
  file.yard = await pdf('meter', yard.id, 'yard.pdf');
  file.site = await pdf('site', depot.id, 'depot-lease.pdf');
  file.yardInvoice = await pdf('invoice', yardInvoice.id, 'yard-bill.pdf');
  await createMember(t.db, org.id, { loginId: 'r.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'r.observer', accessId: 4 });
  const barred = await createMember(t.db, org.id, { loginId: 'r.barred', accessId: 3 });
  await grantRight(t.db, {
    userId: barred.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: supply.id,
    rightId: -1,
  });
  await createMember(t.db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  for (const k of ['r.general', 'r.observer', 'r.barred', 'r.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const send = (who: string, url: string, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });

describe('recent invoices', () => {
  it('are the latest 24, newest first, with an older one the caller names', async () => {
    const res = await send('r.observer', `/meters/${ids.supply}/recent-invoices`);
    expect(res.statusCode).toBe(200);
    const numbers = res.json().map((i: { invoiceNumber: string }) => i.invoiceNumber);
    expect(numbers).toHaveLength(24);
    expect(numbers.slice(0, 2)).toEqual(['R-30', 'R-29']);
    expect(numbers.at(-1)).toBe('R-7');
    expect(res.json()[0]).toEqual(
      expect.objectContaining({ dateFrom: '2026-09-01', kind: 'normal', reversed: false }),
    );
    const older = await send('r.observer', `/meters/${ids.supply}/recent-invoices?include=${ids.invoice2}`);
    expect(
      older
        .json()
        .map((i: { invoiceNumber: string }) => i.invoiceNumber)
        .at(-1),
    ).toBe('R-2');
    // Another data source's invoice is not added.
    const elsewhere = await send(
      'r.observer',
      `/meters/${ids.supply}/recent-invoices?include=${ids.yardInvoice}`,
    );
    expect(elsewhere.json()).toHaveLength(24);
  });

  it('are refused where the meter is barred or in another organisation, and for bad input', async () => {
    const barred = await send('r.barred', `/meters/${ids.supply}/recent-invoices`);
    const outsider = await send('r.outsider', `/meters/${ids.supply}/recent-invoices`);
    const unknown = await send('r.outsider', '/meters/999999/recent-invoices');
    expect([barred.statusCode, outsider.statusCode]).toEqual([unknown.statusCode, unknown.statusCode]);
    expect(outsider.json().message).toBe(unknown.json().message);
    for (const bad of [
      `/meters/abc/recent-invoices`,
      `/meters/${ids.supply}/recent-invoices?include=x`,
      `/meters/${ids.supply}/recent-invoices?include=-3`,
    ]) {
      expect({ bad, status: (await send('r.general', bad)).statusCode }).toEqual({ bad, status: 400 });
    }
  });
});

describe('link options', () => {
  it("offer the invoice's PDFs, its data source's invoices' and files, and the organisation's; nothing else", async () => {
    const res = await send('r.general', `/invoices/${ids.invoice30}/link-options`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        folder: `files/${file.own}`,
        filename: 'own.pdf',
        source: 'this invoice',
        invoiceNumber: null,
      }),
      expect.objectContaining({
        folder: `files/${file.statement}`,
        source: 'another invoice',
        invoiceNumber: 'R-29',
      }),
      expect.objectContaining({ folder: `files/${file.meter}`, source: 'data source' }),
      expect.objectContaining({
        folder: `files/${file.organisation}`,
        source: 'organisation',
        uploaded: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);
  });

  it('link one of them as the original, which then leaves the options; refuse a PDF of another site', async () => {
    const linked = await send('r.general', `/invoices/${ids.invoice30}/original-link`, 'PUT', {
      folder: `files/${file.statement}`,
    });
    expect(linked.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, ids.invoice30 ?? 0));
    expect(row?.originalFileId).toBe(file.statement);
    const after = (await send('r.general', `/invoices/${ids.invoice30}/link-options`)).json();
    expect(after.map((o: { filename: string }) => o.filename)).not.toContain('statement.pdf');
    for (const other of [file.yard, file.site, file.yardInvoice]) {
      const refused = await send('r.general', `/invoices/${ids.invoice30}/original-link`, 'PUT', {
        folder: `files/${other}`,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        "That PDF belongs to another site or data source: link one of this invoice's, its data source's or the organisation's",
      );
    }
    const [still] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, ids.invoice30 ?? 0));
    expect(still?.originalFileId).toBe(file.statement);
  });

  it('are refused to an observer, a barred editor and another organisation, and for bad ids', async () => {
    expect((await send('r.observer', `/invoices/${ids.invoice30}/link-options`)).statusCode).toBe(403);
    const barred = await send('r.barred', `/invoices/${ids.invoice30}/link-options`);
    const outsider = await send('r.outsider', `/invoices/${ids.invoice30}/link-options`);
    const unknown = await send('r.outsider', '/invoices/999999/link-options');
    expect([barred.statusCode, outsider.statusCode]).toEqual([unknown.statusCode, unknown.statusCode]);
    expect(JSON.stringify(outsider.json())).not.toContain('pdf');
    for (const bad of ['abc', '0', '-2']) {
      const res = await send('r.general', `/invoices/${encodeURIComponent(bad)}/link-options`);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
  });
});
