import type { InvoicePage } from '@verdant/contracts/invoices/entry';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Add Sundry (data-portal.md 2.4, 6, 9) on a replacement of Frank Energy (retailer 12): the replacement of
 * January (31 days, $310.00 charged) takes a $25.00 sundry with 15% GST, $3.75: cost $335.00, GST $3.75,
 * Total Payable $338.75, and January's cost in the ledger $335.00. A replacement of retailer 11 refuses it.
 */
let t: TestApp;
let token = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Sundry Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity sundry' });
  const site = await createSite(t.db, org.id, { name: 'Depot' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2026-01-01' };
  const frank = await createMeter(t.db, site, { localName: 'Frank supply', retailerId: 12, ...kwh });
  const other = await createMeter(t.db, site, { localName: 'Other supply', retailerId: 11, ...kwh });
  for (const m of [frank, other])
    await createInvoice(t.db, m, { from: '2026-01-01', till: '2026-01-31', consumption: 1000, cost: 300 });
  await recomputeFacts(t.db, [frank.id, other.id], '2026-11-21');
  await createMember(t.db, org.id, { loginId: 's.general', accessId: 3 });
  token = await t.login('s.general');
  for (const [key, m] of [
    ['frank', frank],
    ['other', other],
  ] as const) {
    const res = await call('POST', '/invoices/replacement', {
      meters: [{ meterId: m.id, reversedConsumption: 1000, chargedConsumption: 1000 }],
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      invoiceDate: '2026-02-10',
      invoiceNumber: `REP-${key}`,
      reversedCost: 300,
      chargedCost: 310,
    });
    expect(res.statusCode).toBe(200);
    ids[key] = res.json().savedInvoice.id;
    ids[`${key}Meter`] = m.id;
  }
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}
const page = async (key: string) =>
  (await call('GET', `/invoices/get/${ids[key]}?meter=${ids[`${key}Meter`]}`)).json() as InvoicePage;
const sundry = (over: object = {}) => ({
  id: null,
  category: 'sundry',
  chargeTypeId: 30,
  description: 'Disconnection fee',
  total: '25.00',
  ...over,
});
const saveWith = (p: InvoicePage, items: object[]) =>
  call('PUT', '/invoices/save', { ...p, items: [...p.items, ...items], dryRun: false });
const stored = async (id: number) =>
  (
    await t.db.execute<{ cost: string; tax: string; total: string | null; items: number }>(sql`
      select cost_excl_tax::text as cost, tax_amount::text as tax, total_payable::text as total,
        (select count(*)::int from invoice_line_items l where l.invoice_id = i.id) as items
      from invoices i where i.id = ${id}`)
  ).rows[0];
const january = async (meterId: number) =>
  (
    await t.db.execute<{ cost: string }>(
      sql`select cost::text from monthly_facts where meter_id = ${meterId} and month = '2026-01-01'`,
    )
  ).rows[0]?.cost;

describe('Add Sundry on a reversing document', () => {
  it("shows the document's charged cost as its one charge line, and the helper's retailer", async () => {
    const p = await page('frank');
    expect(p).toMatchObject({ kind: 'replacement', editable: false, retailerId: 12 });
    expect(p.items).toMatchObject([
      {
        category: 'charge',
        chargeTypeId: 10,
        description: 'Charged cost of the replacement',
        total: '310.00',
      },
    ]);
  });

  it('adds a sundry of type 30 with 15% GST to the GST and Total Payable, and the cost to the ledger', async () => {
    const p = await page('frank');
    const res = await saveWith(p, [sundry()]);
    expect(res.statusCode).toBe(200);
    expect(res.json().savedInvoice).toEqual({ id: ids.frank });
    expect(await stored(ids.frank ?? 0)).toEqual({ cost: '335.00', tax: '3.75', total: '338.75', items: 1 });
    expect(await january(ids.frankMeter ?? 0)).toBe('335.00');
    const after = await page('frank');
    expect(after.items.map((i) => [i.description, i.total])).toEqual([
      ['Charged cost of the replacement', '310.00'],
      ['Disconnection fee', '25.00'],
    ]);
    expect(after).toMatchObject({ taxAmount: '3.75', visibleTotal: '338.75' });
  });

  it('refuses anything else with the message, and changes nothing', async () => {
    const frank = await page('frank');
    const before = await stored(ids.frank ?? 0);
    for (const items of [
      [],
      [sundry({ chargeTypeId: 31 })],
      [sundry({ total: null })],
      [{ id: null, category: 'charge', chargeTypeId: 1, description: 'Energy', total: '5.00' }],
    ]) {
      const res = await saveWith(frank, items);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.invoiceNotEditable);
    }
    expect(await stored(ids.frank ?? 0)).toEqual(before);
    // Not retailer 12 or 13.
    const other = await saveWith(await page('other'), [sundry()]);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(MSG.invoiceNotEditable);
    expect(await stored(ids.other ?? 0)).toMatchObject({ cost: '310.00', items: 0 });
  });

  it('a dry run answers and stores nothing; a normal invoice may not use the charged cost type', async () => {
    const p = await page('frank');
    const dry = await call('PUT', '/invoices/save', { ...p, items: [...p.items, sundry()], dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().savedInvoice).toBeNull();
    expect((await stored(ids.frank ?? 0))?.items).toBe(1);
    const normal = await call('PUT', '/invoices/save', {
      id: null,
      meterId: ids.otherMeter,
      invoiceNumber: 'N-1',
      invoiceDate: '2026-03-05',
      dateDue: '2026-03-20',
      dateFrom: '2026-02-01',
      dateTill: '2026-02-28',
      unitId: p.unitId,
      consumption: 10,
      taxAmount: '0.75',
      visibleTotal: '5.75',
      items: [{ category: 'charge', chargeTypeId: 10, description: 'Charged', total: '5.00' }],
    });
    expect(normal.statusCode).toBe(400);
    expect(normal.json().message).toBe('Unknown charge type 10');
  });
});
