import type { InvoiceInputValue, InvoicePage } from '@verdant/contracts/invoices/entry';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, body, ids, invoiceCount, meterCost, put, t, useFixture } from './invoices.fixture';

/*
 * Saving, starting and deleting an invoice, built on one another test by test (the blank draft starts from the
 * invoices saved before it). The world is ./invoices.fixture.ts; its invoice body (body()) is worked by hand:
 * GST exclusive, discount after GST: 1,000 kWh at 25.5c = 255.00, 30 days at 95c = 28.50, late fee 5.00,
 * discount 2c × 1,000 = -20.00. GST on 288.50 = 43.275 → 43.28; total 268.50 + 43.28 = 311.78.
 */

useFixture();

describe('PUT /invoices/save', () => {
  it('saves a new invoice, answers its id, and recomputes the ledger in the same transaction', async () => {
    const res = await put('i.general', body());
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ errors: [], savedInvoice: { id: expect.any(Number) } });
    ids.invoice = saved.savedInvoice.id;
    expect(await meterCost(ids.meter ?? 0)).toBe('268.50');

    const page = await t.app.inject({ url: `/api/invoices/get/${ids.invoice}`, headers: as('i.observer') });
    expect(page.statusCode).toBe(200);
    const inv: InvoicePage = page.json();
    expect(inv).toMatchObject({
      invoiceNumber: 'INV-1001',
      taxAmount: '43.28',
      visibleTotal: '311.78',
      discountAfterTax: true,
      consumption: 1000,
      editable: true,
      mayEdit: false,
      localNameValue: 'Plant supply',
      siteName: 'Plant',
      chargeGroups: ['Uncontrolled'],
    });
    expect(inv.items.map((i) => [i.actualTotal, i.calculatedTotal])).toEqual([
      ['255.00', '255.00'],
      ['28.50', '28.50'],
      ['5.00', null],
      ['-20.00', '-20.00'],
    ]);
  });

  it('updates an invoice and keeps one copy of its items', async () => {
    const res = await put('i.admin', body({ id: ids.invoice ?? 0, invoiceNumber: 'INV-1001A' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().savedInvoice).toEqual({ id: ids.invoice });
    const items = await t.db.execute(
      sql`select id from invoice_line_items where invoice_id = ${ids.invoice ?? 0}`,
    );
    expect(items.rows).toHaveLength(4);
  });

  it('refuses with the spec messages, in order, and changes nothing', async () => {
    const before = await invoiceCount();
    const cases: [Partial<InvoiceInputValue>, string][] = [
      [{ visibleTotal: '311.79', invoiceNumber: null }, MSG.invoiceTotalMismatch],
      [{ taxAmount: '43.30', visibleTotal: '311.80' }, MSG.invoiceTaxMismatch],
      [{ invoiceNumber: ' ' }, MSG.invoiceNumberRequired],
      [{ invoiceDate: null }, MSG.invoiceDateRequired],
      [{ dateDue: null }, MSG.invoiceDueDateRequired],
      [{ dateFrom: null }, MSG.invoiceFromRequired],
      [{ dateTill: null }, MSG.invoiceTillRequired],
      [{ visibleTotal: '311.785' }, MSG.invoiceSubCent],
      [{ dateFrom: '2024-02-01' }, MSG.invoicePeriod],
      [{ dateFrom: '2023-12-01' }, MSG.invoiceStartsBeforeOpen],
      [{ dateFrom: '2026-06-01', dateTill: '2026-07-01' }, MSG.invoiceEndsAfterClose],
      [{ items: [{ category: 'charge', chargeTypeId: 999, total: '1.00' }] }, 'Unknown charge type 999'],
      [
        { items: [{ category: 'charge', chargeTypeId: 1, description: 'x'.repeat(76) }] },
        MSG.invoiceDescriptionLong,
      ],
      [{ chargeGroups: ['Day', 'day'] }, MSG.invoiceGroupNamesUnique],
      [{ unitId: 999999 }, MSG.invoiceUnitUnknown],
      [
        {
          items: Array.from({ length: 1000 }, () => ({
            category: 'charge' as const,
            chargeTypeId: 2,
            total: '1.00',
          })),
        },
        'An invoice may have at most 400 items',
      ],
    ];
    for (const [over, message] of cases) {
      const res = await put('i.general', body(over));
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await invoiceCount()).toBe(before);
  });

  it('a dry run answers the alerts the save would raise and stores nothing', async () => {
    const before = await invoiceCount();
    // Energy adjusted to 260.00 (more than 1% from 255.00): accepted, flagged.
    const over = body({ dryRun: true, taxAmount: '44.03', visibleTotal: '317.53' });
    over.items = [
      { ...over.items?.[0], category: 'charge', chargeTypeId: 1, total: '260.00' },
      ...(over.items ?? []).slice(1),
    ];
    const res = await put('i.general', over);
    expect(res.statusCode).toBe(200);
    const dry = res.json();
    expect(dry).toMatchObject({ errors: [], savedInvoice: null });
    // The bill audit's arithmetic check names the item, its total and the calculated one; nothing is stored.
    const arithmetic = dry.alerts.find((a: { details: string }) => a.details.includes('$260.00'));
    expect(arithmetic).toMatchObject({ id: null });
    expect(arithmetic.details).toContain('255.00');
    expect(await invoiceCount()).toBe(before);
    const saved = await put('i.general', {
      ...over,
      dryRun: false,
      invoiceNumber: 'INV-1002',
      dateFrom: '2024-02-01',
      dateTill: '2024-02-29',
    });
    expect(saved.json().savedInvoice.id).toEqual(expect.any(Number));
    const page = await t.app.inject({
      url: `/api/invoices/get/${saved.json().savedInvoice.id}`,
      headers: as('i.general'),
    });
    expect(page.json().items[0]).toMatchObject({
      total: '260.00',
      observedArithmeticError: true,
      wasManuallyAdjusted: true,
    });
    ids.february = saved.json().savedInvoice.id;
  });

  it('asks for edit rights on the meter; others see nothing', async () => {
    const before = await invoiceCount();
    expect((await put('i.observer', body())).statusCode).toBe(403);
    expect((await put('i.advanced', body())).statusCode).toBe(403);
    expect((await put('i.outsider', body())).statusCode).toBe(404);
    // The advanced right edits its own meter's invoices, not another meter's invoice through it.
    expect(
      (await put('i.advanced', body({ meterId: ids.second ?? 0, id: ids.invoice ?? 0 }))).statusCode,
    ).toBe(404);
    expect(
      (await put('i.general', body({ meterId: ids.meter ?? 0, id: ids.secondInvoice ?? 0 }))).statusCode,
    ).toBe(404);
    expect(await invoiceCount()).toBe(before);
    const own = await put(
      'i.advanced',
      body({
        meterId: ids.second ?? 0,
        invoiceNumber: 'L-1',
        dateFrom: '2024-02-01',
        dateTill: '2024-02-29',
      }),
    );
    expect(own.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/invoices/get/${ids.invoice}`, headers: as('i.outsider') })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/invoices/get/999999', headers: as('i.admin') })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /invoices/blank and the dialog defaults', () => {
  it("starts from the previous invoice's lines with this bill's units left to enter", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invoices/blank',
      headers: as('i.general'),
      payload: {
        meter: ids.meter,
        dateFrom: '2024-03-01',
        dateTill: '2024-03-31',
        invoiceDate: '2024-04-03',
      },
    });
    expect(res.statusCode).toBe(200);
    const draft: InvoicePage = res.json();
    expect(draft).toMatchObject({
      id: null,
      dateFrom: '2024-03-01',
      invoiceDate: '2024-04-03',
      discountAfterTax: true,
    });
    expect(draft.items.map((i) => [i.description, i.rate, i.units, i.total])).toEqual([
      ['Energy', 25.5, null, null],
      ['Daily fixed charge', 95, null, null],
      ['Late payment fee', null, null, '5.00'],
      ['Prompt payment', -2, null, null],
    ]);
  });

  it("refuses dates outside the meter's life and other organisations' meters", async () => {
    const blank = (who: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/invoices/blank', headers: as(who), payload });
    const early = await blank('i.general', {
      meter: ids.meter,
      dateFrom: '2023-12-01',
      dateTill: '2024-01-31',
    });
    expect([early.statusCode, early.json().message]).toEqual([400, MSG.invoiceStartsBeforeOpen]);
    const late = await blank('i.general', {
      meter: ids.meter,
      dateFrom: '2026-06-01',
      dateTill: '2026-07-31',
    });
    expect([late.statusCode, late.json().message]).toEqual([400, MSG.invoiceEndsAfterClose]);
    expect(
      (await blank('i.outsider', { meter: ids.meter, dateFrom: '2024-03-01', dateTill: '2024-03-31' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await blank('i.observer', { meter: ids.meter, dateFrom: '2024-03-01', dateTill: '2024-03-31' }))
        .statusCode,
    ).toBe(403);
  });

  it('suggests the first gap, else the month after the last invoice', async () => {
    const res = await t.app.inject({
      url: `/api/meters/${ids.meter}/new-invoice-defaults`,
      headers: as('i.observer'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      meterOpen: '2024-01-01',
      meterClose: '2026-06-30',
      gaps: [],
      startDate: '2024-03-01',
      endDate: '2024-03-31',
    });
  });
});

describe('DELETE /invoices/{id}', () => {
  it('needs edit rights, deletes and recomputes', async () => {
    const url = `/api/invoices/${ids.february}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: as('i.observer') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: as('i.outsider') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: as('i.general') })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/invoices/get/${ids.february}`, headers: as('i.general') })).statusCode,
    ).toBe(404);
    expect(await meterCost(ids.meter ?? 0)).toBe('268.50');
    const gaps = await t.app.inject({
      url: `/api/meters/${ids.meter}/new-invoice-defaults`,
      headers: as('i.general'),
    });
    expect(gaps.json().startDate).toBe('2024-02-01');
  });
});
