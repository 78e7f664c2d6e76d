import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { meters } from '@verdant/db/schema/assets';
import { jobs } from '@verdant/db/schema/organisation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-25T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Invoice List Org' });
  const other = await createOrganisation(t.db, { name: 'Other Invoice Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity list' });
  const site = await createSite(t.db, org.id, { name: 'Plant' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const meter = await createMeter(t.db, site, { localName: 'Plant supply', meterOpen: '2026-01-01', ...kwh });
  const second = await createMeter(t.db, site, {
    localName: 'Tenant flat',
    meterOpen: '2026-01-01',
    transientMeter: true,
    ...kwh,
  });
  const old = await createMeter(t.db, site, {
    localName: 'Plant supply (old)',
    meterClose: '2025-12-31',
    ...kwh,
  });
  const jan = await createInvoice(t.db, meter, {
    from: '2026-01-01',
    till: '2026-01-31',
    consumption: 1000,
    cost: 200,
    taxAmount: '30.00',
    invoiceNumber: 'JAN',
  });
  const feb = await createInvoice(t.db, meter, {
    from: '2026-02-01',
    till: '2026-02-28',
    consumption: 900,
    cost: 180,
    invoiceNumber: 'FEB',
  });
  const replacement = await createInvoice(t.db, meter, {
    from: '2026-01-01',
    till: '2026-02-28',
    consumption: 1850,
    cost: 370,
    invoiceNumber: 'REP',
    invoiceDate: '2026-03-10',
    kind: 'replacement',
    reverses: [jan.id, feb.id],
  });
  // March is missing; April to September billed; a non-invoicing note covers October; November is recent.
  await createInvoice(t.db, meter, {
    from: '2026-04-01',
    till: '2026-09-30',
    consumption: 5000,
    cost: 900,
    invoiceNumber: 'APR',
  });
  await t.db.insert(jobs).values([
    {
      organisationId: org.id,
      meterId: meter.id,
      dateFrom: '2026-10-01',
      dateTill: '2026-10-31',
      text: 'Closed for works',
      invoiceGapFiller: true,
    },
    {
      organisationId: org.id,
      meterId: meter.id,
      dateFrom: '2026-01-01',
      dateTill: '2026-02-28',
      text: 'Rebilled after a meter fault',
      invoiceId: replacement.id,
    },
  ]);
  await t.db.update(meters).set({ replacesMeterId: old.id }).where(eq(meters.id, meter.id));
  Object.assign(ids, {
    meter: meter.id,
    second: second.id,
    jan: jan.id,
    feb: feb.id,
    replacement: replacement.id,
    old: old.id,
  });
  await createMember(t.db, org.id, { loginId: 'l.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'l.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'l.observer', accessId: 4 });
  // A general user with an advanced right barring the first meter.
  const advanced = await createMember(t.db, org.id, { loginId: 'l.advanced', accessId: 3 });
  await grantRight(t.db, {
    userId: advanced.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: meter.id,
    rightId: -1,
  });
  await createMember(t.db, other.id, { loginId: 'l.outsider', accessId: 2, admin: true });
  for (const k of ['l.admin', 'l.general', 'l.observer', 'l.advanced', 'l.outsider'])
    tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

describe('invoice list', () => {
  it('nests the replaced invoices under their replacement, with gap, note and link rows, latest first', async () => {
    const res = await get('l.general', `/meters/${ids.meter}/invoices`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unit).toBe('kWh');
    expect(body.count).toBe(2);
    expect(body.more).toBe(false);
    const summary = body.rows.map(
      (r: { type: string; invoice?: { invoiceNumber: string }; text?: string; dateFrom?: string }) =>
        r.type === 'invoice'
          ? `invoice ${r.invoice?.invoiceNumber}`
          : `${r.type} ${r.dateFrom ?? ''} ${r.text}`.trim(),
    );
    expect(summary).toEqual([
      'note 2026-10-01 Closed for works',
      'invoice APR',
      'gap 2026-03-01 Invoice(s) missing',
      'invoice REP',
      'note 2026-01-01 Rebilled after a meter fault',
      "link  Earlier invoices are on the replaced meter's list",
    ]);
    const rep = body.rows.find(
      (r: { type: string; invoice?: { id: number } }) => r.invoice?.id === ids.replacement,
    ).invoice;
    expect(rep).toMatchObject({
      kind: 'replacement',
      reversalStartDate: '2026-01-01',
      total: 370,
      cons: 1850,
      note: { text: 'Rebilled after a meter fault' },
    });
    expect(rep.replaces.map((x: { invoiceNumber: string }) => x.invoiceNumber).sort()).toEqual([
      'FEB',
      'JAN',
    ]);
    expect(rep.replaces.find((x: { invoiceNumber: string }) => x.invoiceNumber === 'JAN')).toMatchObject({
      reversed: true,
      reversedStartDate: '2026-01-01',
      reversedEndDate: '2026-01-31',
      total: 230,
    });
    const gap = body.rows.find((r: { type: string }) => r.type === 'gap');
    expect(gap).toMatchObject({ dateFrom: '2026-03-01', dateTill: '2026-03-31' });
    expect(body.rows.at(-1)).toMatchObject({ type: 'link', direction: 'previous', meterId: ids.old });
  });

  it('pages by top-level invoices and says more follow', async () => {
    const body = (await get('l.observer', `/meters/${ids.meter}/invoices?limit=1`)).json();
    expect(body.more).toBe(true);
    expect(body.rows.filter((r: { type: string }) => r.type === 'invoice')).toHaveLength(1);
    expect(body.rows.some((r: { type: string }) => r.type === 'link')).toBe(false);
  });

  it("says a transient meter's unbilled period is assumed tenanted", async () => {
    const body = (await get('l.admin', `/meters/${ids.second}/invoices`)).json();
    expect(body.rows).toEqual([
      {
        type: 'gap',
        dateFrom: '2026-01-01',
        dateTill: '2026-11-25',
        text: 'Not billed for period. Assumed tenanted',
      },
    ]);
  });

  it('answers the date defaults with the first gap and every gap', async () => {
    const res = await get('l.observer', `/meters/${ids.meter}/invoice-date-defaults`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      meterOpen: '2026-01-01',
      meterClose: null,
      gaps: [['2026-03-01', '2026-03-31']],
    });
  });

  it("refuses another organisation's administrator and a right that bars the meter; bad input is a 400", async () => {
    expect((await get('l.outsider', `/meters/${ids.meter}/invoices`)).statusCode).toBe(404);
    expect((await get('l.outsider', `/meters/${ids.meter}/invoice-date-defaults`)).statusCode).toBe(404);
    expect((await get('l.advanced', `/meters/${ids.meter}/invoices`)).statusCode).toBe(404);
    expect((await get('l.advanced', `/meters/${ids.second}/invoices`)).statusCode).toBe(200);
    expect((await get('l.admin', `/meters/${ids.meter}/invoices?limit=0`)).statusCode).toBe(400);
    expect((await get('l.admin', '/meters/abc/invoices')).statusCode).toBe(400);
    expect((await get('l.admin', '/meters/999999/invoices')).statusCode).toBe(404);
  });
});
