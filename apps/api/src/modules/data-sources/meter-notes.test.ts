import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { auditEvents } from '@verdant/db/schema/audit';
import { jobs } from '@verdant/db/schema/organisation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Notes Org' });
  const other = await createOrganisation(t.db, { name: 'Other Notes Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity notes' });
  const site = await createSite(t.db, org.id, { name: 'Depot' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const meter = await createMeter(t.db, site, { localName: 'Depot supply', ...kwh });
  const second = await createMeter(t.db, site, { localName: 'Depot lighting', ...kwh });
  const invoice = await createInvoice(t.db, meter, {
    from: '2026-09-01',
    till: '2026-09-30',
    consumption: 1000,
    cost: 200,
    invoiceNumber: 'INV-900',
  });
  const otherInvoice = await createInvoice(t.db, second, {
    from: '2026-09-01',
    till: '2026-09-30',
    consumption: 10,
    cost: 2,
  });
  Object.assign(ids, {
    meter: meter.id,
    second: second.id,
    org: org.id,
    invoice: invoice.id,
    otherInvoice: otherInvoice.id,
  });
  await createMember(t.db, org.id, { loginId: 'n.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'n.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'n.observer', accessId: 4 });
  // An observer with an advanced right of General User on the second meter only.
  const advanced = await createMember(t.db, org.id, { loginId: 'n.advanced', accessId: 4 });
  await grantRight(t.db, {
    userId: advanced.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: second.id,
    rightId: 3,
  });
  // A general user barred from the first meter, and one who may only read it.
  for (const [loginId, rightId] of [
    ['n.barred', -1],
    ['n.reader', 4],
  ] as const) {
    const member = await createMember(t.db, org.id, { loginId, accessId: 3 });
    await grantRight(t.db, {
      userId: member.id,
      organisationId: org.id,
      assetType: 'meter',
      assetId: meter.id,
      rightId,
    });
  }
  await createMember(t.db, other.id, { loginId: 'n.outsider', accessId: 2, admin: true });
  for (const k of ['n.admin', 'n.general', 'n.observer', 'n.advanced', 'n.barred', 'n.reader', 'n.outsider'])
    tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
const notesOf = (meter: number) => `/meters/${meter}/comments`;
const noteCount = async () => (await t.db.select().from(jobs)).length;

describe('data source notes', () => {
  it('a general user adds a note with an end date and sees it listed; every member reads it', async () => {
    const res = await call('n.general', 'POST', notesOf(ids.meter ?? 0), {
      dateFrom: '2026-06-01',
      dateTill: '2026-06-30',
      text: 'Site closed for refurbishment',
      invoiceGapFiller: true,
      meterId: ids.meter,
      invoiceId: null,
    });
    expect(res.statusCode).toBe(200);
    const note = res.json();
    expect(note).toMatchObject({
      kind: 'HAS_END',
      dateFrom: '2026-06-01',
      dateTill: '2026-06-30',
      invoiceGapFiller: true,
      invoiceId: null,
    });
    const list = (await call('n.observer', 'GET', notesOf(ids.meter ?? 0))).json();
    expect(list.mayEdit).toBe(false);
    expect(list.notes.map((n: { text: string }) => n.text)).toEqual(['Site closed for refurbishment']);
    const one = (await call('n.observer', 'GET', `${notesOf(ids.meter ?? 0)}/${note.id}`)).json();
    expect(one.text).toBe('Site closed for refurbishment');
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.assetId, ids.meter ?? 0));
    expect(audits.some((e) => e.action === 'create' && e.assetType === 'meter')).toBe(true);
  });

  it('an ongoing note has a start only and can be ended later', async () => {
    const made = (
      await call('n.admin', 'POST', notesOf(ids.meter ?? 0), {
        dateFrom: '2026-10-01',
        text: 'Tenant moved in',
      })
    ).json();
    expect(made).toMatchObject({ kind: 'NO_END', dateTill: null, invoiceGapFiller: false });
    const ended = await call('n.general', 'PUT', `${notesOf(ids.meter ?? 0)}/${made.id}`, {
      dateFrom: '2026-10-01',
      dateTill: '2026-11-15',
      text: 'Tenant moved in',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ kind: 'HAS_END', dateTill: '2026-11-15' });
    expect(ended.json().updatedAt).not.toBeNull();
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'update'));
    expect(audits.at(-1)?.changes).toMatchObject({ dateTill: { before: null, after: '2026-11-15' } });
  });

  it('a note bound to an invoice takes its period, stays bound, and is listed as an invoice note', async () => {
    const res = await call('n.general', 'POST', notesOf(ids.meter ?? 0), {
      text: 'Estimated read, disputed with the retailer',
      invoiceId: ids.invoice,
    });
    expect(res.statusCode).toBe(200);
    const note = res.json();
    expect(note).toMatchObject({
      kind: 'INVOICE',
      dateFrom: '2026-09-01',
      dateTill: '2026-09-30',
      invoiceNumber: 'INV-900',
    });
    const unbind = await call('n.general', 'PUT', `${notesOf(ids.meter ?? 0)}/${note.id}`, {
      dateFrom: '2026-09-01',
      text: 'x',
      invoiceId: null,
    });
    expect(unbind.statusCode).toBe(400);
    expect(unbind.json().message).toBe('A note stays bound to the invoice it was written for');
    const invoiceNotes = (await call('n.observer', 'GET', `/meters/${ids.meter}/invoice-notes`)).json();
    expect(invoiceNotes.notes.map((n: { id: number }) => n.id)).toEqual([note.id]);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const before = await noteCount();
    const bad: [object, string][] = [
      [{ dateFrom: '2026-06-30', dateTill: '2026-06-01', text: 'x' }, 'Date from must be before date till'],
      [{ dateFrom: '2026-06-01', text: '   ' }, 'Enter the note text.'],
      [{ dateFrom: '30/06/2026', text: 'x' }, 'Dates must be written yyyy-MM-dd'],
      [{ dateFrom: '2026-02-30', text: 'x' }, 'Dates must be written yyyy-MM-dd'],
      [{ dateFrom: '2026-06-01', text: 'a\u0000b' }, 'Text cannot contain a NUL character'],
      [
        { dateFrom: '2026-06-01', text: 'x', invoiceId: 99999999999 },
        'Enter a whole number between -2147483648 and 2147483647',
      ],
      [{ dateFrom: '2026-06-01', text: 'x', meterId: ids.second }, 'The note belongs to another data source'],
      [{ text: 'x', invoiceId: ids.otherInvoice }, "That invoice is not one of this data source's invoices"],
      [
        { text: 'x', invoiceId: ids.invoice, invoiceGapFiller: true },
        'A note bound to an invoice cannot mark a non-invoicing period',
      ],
      [{ text: 'x' }, 'Enter a real date written yyyy-MM-dd'],
      [
        { dateFrom: '2026-06-01', text: 'x'.repeat(2001) },
        'Too big: expected string to have <=2000 characters',
      ],
    ];
    for (const [payload, message] of bad) {
      const res = await call('n.admin', 'POST', notesOf(ids.meter ?? 0), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await noteCount()).toBe(before);
  });

  it('observers read only; an advanced right on one meter lets one edit that meter only', async () => {
    const payload = { dateFrom: '2026-06-01', text: 'Observer note' };
    expect((await call('n.observer', 'POST', notesOf(ids.meter ?? 0), payload)).statusCode).toBe(403);
    expect((await call('n.advanced', 'POST', notesOf(ids.meter ?? 0), payload)).statusCode).toBe(403);
    const own = await call('n.advanced', 'POST', notesOf(ids.second ?? 0), {
      ...payload,
      text: 'Lighting note',
    });
    expect(own.statusCode).toBe(200);
    expect((await call('n.advanced', 'GET', notesOf(ids.second ?? 0))).json().mayEdit).toBe(true);
    expect((await call('n.advanced', 'GET', notesOf(ids.meter ?? 0))).json().mayEdit).toBe(false);
  });

  it("another organisation's administrator learns nothing", async () => {
    const [note] = (await call('n.admin', 'GET', notesOf(ids.meter ?? 0))).json().notes;
    const before = await noteCount();
    for (const res of [
      await call('n.outsider', 'GET', notesOf(ids.meter ?? 0)),
      await call('n.outsider', 'GET', `${notesOf(ids.meter ?? 0)}/${note.id}`),
      await call('n.outsider', 'GET', `/meters/${ids.meter}/invoice-notes`),
      await call('n.outsider', 'POST', notesOf(ids.meter ?? 0), { dateFrom: '2026-06-01', text: 'Sneaky' }),
      await call('n.outsider', 'PUT', `${notesOf(ids.meter ?? 0)}/${note.id}`, {
        dateFrom: '2026-06-01',
        text: 'Sneaky',
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(note.text);
    }
    expect(await noteCount()).toBe(before);
    // A note id of this meter under another meter's path is not found either.
    expect((await call('n.admin', 'GET', `${notesOf(ids.second ?? 0)}/${note.id}`)).statusCode).toBe(404);
  });

  it('deleting a note through the jobs call asks for edit on its meter, as the notes routes do', async () => {
    const note = (
      await call('n.admin', 'POST', notesOf(ids.meter ?? 0), { dateFrom: '2026-07-01', text: 'Meter swap' })
    ).json();
    const deleteNote = (who: string) => call(who, 'DELETE', `/organisations/${ids.org}/jobs/${note.id}`);
    const before = await noteCount();
    // Barred from the meter: it is not found; may only read it: refused; neither deletes anything.
    expect((await deleteNote('n.barred')).statusCode).toBe(404);
    expect((await deleteNote('n.reader')).statusCode).toBe(403);
    expect((await deleteNote('n.outsider')).statusCode).toBe(403);
    expect(await noteCount()).toBe(before);
    // The same general users still delete notes of meters their rights leave editable.
    const other = (
      await call('n.admin', 'POST', notesOf(ids.second ?? 0), { dateFrom: '2026-07-01', text: 'Relamp' })
    ).json();
    expect((await call('n.barred', 'DELETE', `/organisations/${ids.org}/jobs/${other.id}`)).json()).toEqual({
      success: true,
    });
    expect((await deleteNote('n.general')).json()).toEqual({ success: true });
    expect(await noteCount()).toBe(before - 1);
  });
});
