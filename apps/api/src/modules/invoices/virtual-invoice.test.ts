import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { halfHourDays, halfHourRegisters } from '@verdant/db/schema/half-hours';
import { invoiceLineItems } from '@verdant/db/schema/inputs';
import { meterAlertSettings } from '@verdant/db/schema/meter-settings';
import { nhhRates, touContracts, touRates } from '@verdant/db/schema/rates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { evaluateInvoiceAlerts } from './invoice-alerts.evaluate';

/*
 * The hand-computed week of packages/domain/src/rates/virtual-invoice.test.ts, through the API: Monday 2 to
 * Sunday 8 March 2026 on Plant TOU, a meter on the Metro TOU contract (March, c/kWh: Night 10/9, Day 20/18,
 * Peak 30/27, Evening 15/13.5 weekday/weekend) using 1 kWh a half hour on weekdays and 0.5 at weekends
 * (288 kWh, 5,074 c at the contract). Its invoice bills Day at 21 c (2,520 c), Night 960 c, weekday Peak
 * 1,200 c and Evening 360 c: 5,040 c, 34 c less than the contract, with a Tariff Alert threshold of $0.30.
 * Plant NHH is an electricity meter without a contract billed 12 c when the NHH retail rate is 15 c.
 */
let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const RATES: [number, number, number][] = [
  [1, 10, 9],
  [2, 20, 18],
  [3, 30, 27],
  [4, 15, 13.5],
];

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-05-20T10:00:00Z') });
  const db = t.db;
  const org = await createOrganisation(db, { name: 'Virtual Org' });
  const other = await createOrganisation(db, { name: 'Other Virtual Org' });
  ids.org = org.id;
  const electricity = await createDataType(db, { name: 'Electricity' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2020-01-01' };
  const site = await createSite(db, org.id, { name: 'Plant' });
  const [contract] = await db
    .insert(touContracts)
    .values({ organisationId: org.id, name: 'Metro TOU' })
    .returning();
  await db.insert(touRates).values(
    RATES.flatMap(([periodId, weekday, weekend]) =>
      [weekday, weekend].map((rate, d) => ({
        organisationId: org.id,
        contractId: contract?.id ?? 0,
        month: '2026-03-01',
        periodId,
        daytypeId: d + 1,
        contractedRate: String(rate),
      })),
    ),
  );
  await db.insert(nhhRates).values({
    organisationId: org.id,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    retailRate: '15',
    networkRate: '5',
  });
  const tou = await createMeter(db, site, {
    localName: 'Plant TOU',
    meterType: 5,
    touContractId: contract?.id ?? null,
    ...kwh,
  });
  const flat = await createMeter(db, site, { localName: 'Plant NHH', meterType: 2, ...kwh });
  Object.assign(ids, { tou: tou.id, flat: flat.id });
  await db.insert(meterAlertSettings).values({ organisationId: org.id, meterId: tou.id, tariffAbs: '0.30' });
  await db.insert(halfHourRegisters).values({
    organisationId: org.id,
    meterId: tou.id,
    register: 0,
    direction: 'import',
    quantity: 'kWh',
  });
  await db.insert(halfHourDays).values(
    ['02', '03', '04', '05', '06', '07', '08'].map((d, i) => {
      const value = i < 5 ? 1 : 0.5;
      return {
        organisationId: org.id,
        meterId: tou.id,
        readDate: `2026-03-${d}`,
        kwh: Array<number>(48).fill(value),
        dayKwh: value * 48,
        readings: 48,
      };
    }),
  );
  const week = await createInvoice(db, tou, {
    from: '2026-03-02',
    till: '2026-03-08',
    consumption: 288,
    cost: 57.4,
    taxAmount: '8.61',
    invoiceNumber: 'TOU-1',
  });
  const line = (
    description: string,
    period: string | null,
    dayType: string | null,
    units: number,
    rate: number,
  ) => ({
    organisationId: org.id,
    invoiceId: week.id,
    category: 'charge' as const,
    chargeType: period ? 'Energy' : 'Daily fixed charge',
    description,
    touPeriod: period,
    dayType,
    rate: String(rate),
    units: String(units),
    factor: '1',
    repeat: '1',
    total: ((units * rate) / 100).toFixed(2),
  });
  await db
    .insert(invoiceLineItems)
    .values([
      line('Energy - Day', 'Day', 'All days', 120, 21),
      line('Energy - Night', 'Night', 'All days', 96, 10),
      line('Energy - Peak, Weekday', 'Peak', 'Weekday', 40, 30),
      line('Energy - Evening', 'Evening', null, 24, 15),
      line('Daily fixed charge', null, null, 7, 100),
    ]);
  ids.week = week.id;
  const march = await createInvoice(db, flat, {
    from: '2026-03-01',
    till: '2026-03-31',
    consumption: 1000,
    cost: 120,
    taxAmount: '18.00',
    invoiceNumber: 'NHH-1',
  });
  await db.insert(invoiceLineItems).values({
    organisationId: org.id,
    invoiceId: march.id,
    category: 'charge',
    chargeType: 'Energy',
    description: 'Energy - Anytime',
    rate: '12',
    units: '1000',
    total: '120.00',
  });
  ids.march = march.id;
  await createMember(db, org.id, { loginId: 'v.observer', accessId: 4 });
  const barred = await createMember(db, org.id, { loginId: 'v.barred', accessId: 3 });
  await grantRight(db, {
    userId: barred.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: tou.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'v.outsider', accessId: 2, admin: true });
  for (const k of ['v.observer', 'v.barred', 'v.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = (who: string, invoiceId: number | string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/invoices/${invoiceId}/virtual-invoice`,
    headers: bearer(tokens[who] ?? ''),
  });

describe('GET /invoices/{id}/virtual-invoice', () => {
  it('prices the half-hour data at the contract, line beside line with the bill (the hand-computed week)', async () => {
    const res = await get('v.observer', ids.week ?? 0);
    expect(res.statusCode).toBe(200);
    const [v] = res.json().meters;
    expect(v).toMatchObject({
      meterId: ids.tou,
      meterName: 'Plant TOU',
      source: 'TOU',
      contractName: 'Metro TOU',
      virtualCents: 5074,
      billedCents: 5040,
      differenceCents: -34,
      halfHourKwh: 288,
      complete: true,
      thresholdDollars: 0.3,
      alert: true,
    });
    expect(
      v.lines.map((l: { label: string; differenceCents: number }) => [l.label, l.differenceCents]),
    ).toEqual([
      ['Energy - Day', 160],
      ['Energy - Night', 16],
      ['Energy - Peak, Weekday', 0],
      ['Energy - Evening', 6],
      ['Peak, Weekend', -216],
    ]);
  });

  it('answers no data source for an invoice without half-hour data', async () => {
    expect((await get('v.observer', ids.march ?? 0)).json()).toEqual({ meters: [] });
  });

  it('refuses a barred user and another organisation (404), and a malformed id (400)', async () => {
    expect((await get('v.barred', ids.week ?? 0)).statusCode).toBe(404);
    const outsider = await get('v.outsider', ids.week ?? 0);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain('Plant');
    expect((await get('v.observer', 'abc')).statusCode).toBe(400);
    expect((await get('v.observer', '99999999999')).statusCode).toBe(400);
  });
});

describe('the tariff alerts of the bill audit', () => {
  it('raises the contract and virtual invoice alerts with their explanations, and the NHH rate alert', async () => {
    await t.db.transaction((tx) =>
      evaluateInvoiceAlerts(tx, ids.org ?? 0, [ids.week ?? 0, ids.march ?? 0], { dryRun: false }),
    );
    const rows = await t.db.execute<{ meter_id: number; audit: string; message: string }>(sql`
      select meter_id, audit, message from meter_alerts
      where audit in ('contracted-rate', 'virtual-invoice') order by meter_id, audit`);
    expect(rows.rows).toEqual([
      {
        meter_id: ids.tou,
        audit: 'contracted-rate',
        message:
          'Energy - Day billed at 21.0000 c/kWh, contracted 18.0000 to 20.0000 c (Metro TOU, Day): $1.20 over 120.0 kWh',
      },
      {
        meter_id: ids.tou,
        audit: 'virtual-invoice',
        message:
          'The invoice bills $50.40 for energy; its contracted rates on the half-hour data give $50.74: $0.34 less than the contract (Tariff Alert threshold $0.30)',
      },
      {
        meter_id: ids.flat,
        audit: 'contracted-rate',
        message:
          'Energy - Anytime billed at 12.0000 c/kWh, contracted 15.0000 c (NHH retail rate): -$30.00 over 1,000.0 kWh',
      },
    ]);
    // A time of use meter (type 1) without a TOU contract has no NHH rate: the alert goes.
    await t.db.execute(sql`update meters set meter_type = 1 where id = ${ids.flat ?? 0}`);
    await t.db.transaction((tx) =>
      evaluateInvoiceAlerts(tx, ids.org ?? 0, [ids.march ?? 0], { dryRun: false }),
    );
    const left = await t.db.execute(
      sql`select 1 from meter_alerts where meter_id = ${ids.flat ?? 0} and audit = 'contracted-rate'`,
    );
    expect(left.rows).toHaveLength(0);
  });
});
