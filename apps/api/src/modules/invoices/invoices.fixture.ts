import type { InvoiceInputValue } from '@verdant/contracts/invoices/entry';
import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The world of the invoice entry tests (docs/decisions/tooling.md, A test file's world in a fixture module): Invoice
 * Org's site Plant with Plant supply (open 2024-01-01 to 2026-06-30) and Plant lighting (one invoice, January
 * 2024); an administrator, a general user, an observer, an observer with General User on Plant lighting, and
 * another organisation's administrator. Today is 21 November 2026.
 */

export let t: TestApp;
export const tokens: Record<string, string> = {};
export const ids: Record<string, number> = {};

/** Registers the world's set-up and tear-down in the calling test file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
    const org = await createOrganisation(t.db, { name: 'Invoice Org' });
    const other = await createOrganisation(t.db, { name: 'Other Invoice Org' });
    const electricity = await createDataType(t.db, { name: 'Electricity invoices' });
    const site = await createSite(t.db, org.id, { name: 'Plant' });
    const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
    const meter = await createMeter(t.db, site, {
      localName: 'Plant supply',
      meterOpen: '2024-01-01',
      meterClose: '2026-06-30',
      ...kwh,
    });
    const second = await createMeter(t.db, site, {
      localName: 'Plant lighting',
      meterOpen: '2024-01-01',
      ...kwh,
    });
    const secondInvoice = await createInvoice(t.db, second, {
      from: '2024-01-01',
      till: '2024-01-31',
      consumption: 5,
      cost: 2,
    });
    Object.assign(ids, {
      meter: meter.id,
      second: second.id,
      unit: electricity.stdUnitId,
      secondInvoice: secondInvoice.id,
    });
    await createMember(t.db, org.id, { loginId: 'i.admin', accessId: 2, admin: true });
    await createMember(t.db, org.id, { loginId: 'i.general', accessId: 3 });
    await createMember(t.db, org.id, { loginId: 'i.observer', accessId: 4 });
    const advanced = await createMember(t.db, org.id, { loginId: 'i.advanced', accessId: 4 });
    await grantRight(t.db, {
      userId: advanced.id,
      organisationId: org.id,
      assetType: 'meter',
      assetId: second.id,
      rightId: 3,
    });
    await createMember(t.db, other.id, { loginId: 'i.outsider', accessId: 2, admin: true });
    for (const k of ['i.admin', 'i.general', 'i.observer', 'i.advanced', 'i.outsider'])
      tokens[k] = await t.login(k);
  });
  afterAll(() => t.close());
}

export const as = (who: string) => bearer(tokens[who] ?? '');
export const put = (who: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/invoices/save', headers: as(who), payload });

/*
 * GST exclusive, discount after GST: 1,000 kWh at 25.5c = 255.00, 30 days at 95c = 28.50, late fee 5.00,
 * discount 2c × 1,000 = -20.00. GST on 288.50 = 43.275 → 43.28; total 268.50 + 43.28 = 311.78.
 */
export function body(over: Partial<InvoiceInputValue> = {}): InvoiceInputValue {
  return {
    id: null,
    meterId: ids.meter ?? 0,
    invoiceNumber: 'INV-1001',
    invoiceDate: '2024-02-05',
    dateDue: '2024-02-20',
    dateFrom: '2024-01-01',
    dateTill: '2024-01-31',
    unitId: ids.unit ?? 0,
    consumption: 1000,
    discountAfterTax: true,
    taxAmount: '43.28',
    visibleTotal: '311.78',
    edited: true,
    items: [
      {
        category: 'charge',
        chargeTypeId: 1,
        description: 'Energy',
        groupName: 'Uncontrolled',
        rate: 25.5,
        units: 1000,
      },
      { category: 'charge', chargeTypeId: 2, description: 'Daily fixed charge', rate: 95, units: 30 },
      { category: 'sundry', chargeTypeId: 31, description: 'Late payment fee', total: '5.00' },
      { category: 'discount', chargeTypeId: 50, description: 'Prompt payment', rate: -2, units: 1000 },
    ],
    ...over,
  };
}

export const invoiceCount = async () =>
  Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from invoices`)).rows[0]?.n);
export const meterCost = async (meterId: number) =>
  (
    await t.db.execute<{ cost: string | null }>(
      sql`select sum(cost)::text as cost from monthly_facts where meter_id = ${meterId}`,
    )
  ).rows[0]?.cost;
