import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { meters } from '@verdant/db/schema/assets';
import { invoices } from '@verdant/db/schema/inputs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-25T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Reversal Org' });
  const other = await createOrganisation(t.db, { name: 'Other Reversal Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity reversal' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  const site = await createSite(t.db, org.id, { name: 'Works' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2026-01-01' };
  const meter = await createMeter(t.db, site, { localName: 'Works supply', meterNumber: 'W-1', ...kwh });
  const second = await createMeter(t.db, site, { localName: 'Works lighting', ...kwh });
  const month = (m: string, till: string, consumption: number, cost: number) =>
    createInvoice(t.db, meter, { from: `2026-${m}-01`, till, consumption, cost, invoiceNumber: `N-${m}` });
  const jan = await month('01', '2026-01-31', 1000, 200);
  const feb = await month('02', '2026-02-28', 900, 180);
  const mar = await month('03', '2026-03-31', 1200, 240);
  await createInvoice(t.db, second, { from: '2026-01-01', till: '2026-06-30', consumption: 600, cost: 120 });
  const pumps = await createMeter(t.db, site, { localName: 'Works pumps', ...kwh });
  await createInvoice(t.db, pumps, { from: '2026-01-01', till: '2026-03-31', consumption: 900, cost: 90 });
  await recomputeFacts(t.db, [meter.id, second.id, pumps.id], '2026-11-25');
  Object.assign(ids, {
    org: org.id,
    meter: meter.id,
    second: second.id,
    pumps: pumps.id,
    jan: jan.id,
    feb: feb.id,
    mar: mar.id,
  });
  await createMember(t.db, org.id, { loginId: 'r.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'r.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'r.observer', accessId: 4 });
  const advanced = await createMember(t.db, org.id, { loginId: 'r.advanced', accessId: 3 });
  await grantRight(t.db, {
    userId: advanced.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: meter.id,
    rightId: -1,
  });
  await createMember(t.db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  for (const k of ['r.admin', 'r.general', 'r.observer', 'r.advanced', 'r.outsider'])
    tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
const invoiceCount = async () => (await t.db.select().from(invoices)).length;
const body = (over: object = {}) => ({
  meters: [{ meterId: ids.meter, reversedConsumption: 1900, chargedConsumption: 1850 }],
  startDate: '2026-01-01',
  endDate: '2026-02-28',
  invoiceDate: '2026-03-10',
  dueDate: '2026-03-31',
  invoiceNumber: 'REP-1',
  reversedCost: 380,
  chargedCost: 370,
  ...over,
});
async function month(meterId: number, m: string) {
  const rows = await t.db.execute<{ cons: string; cost: string }>(sql`
    select quantity_std::text as cons, cost::text as cost from monthly_facts where meter_id = ${meterId} and month = ${m}`);
  const row = rows.rows[0];
  return { cons: Number(row?.cons ?? 0), cost: Number(row?.cost ?? 0) };
}

describe('reversal data', () => {
  it('answers what the period reverses, in the chosen unit', async () => {
    const res = await call(
      'r.observer',
      'GET',
      `/meters/${ids.meter}/invoices/reversal-data?startDate=2026-01-01&endDate=2026-02-28`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reversedConsumption: [
        {
          id: ids.meter,
          meterNumber: 'W-1',
          reversals: [ids.jan, ids.feb],
          reversedConsumption: 1900,
          chargedConsumption: 1900,
        },
      ],
      reversedCosts: 380,
      unit: { name: 'kWh' },
    });
    const units = res.json().energyUnits as { id: number; name: string }[];
    const mwh = units.find((u) => u.name === 'MWh')?.id;
    const inMwh = await call(
      'r.observer',
      'GET',
      `/meters/${ids.meter}/invoices/reversal-data?id=${ids.jan}&unit=${mwh}`,
    );
    expect(inMwh.json().reversedConsumption[0].reversedConsumption).toBe(1);
    expect(
      (await call('r.observer', 'GET', `/meters/${ids.meter}/invoices/reversal-data?unit=999999`)).statusCode,
    ).toBe(400);
    expect((await call('r.outsider', 'GET', `/meters/${ids.meter}/invoices/reversal-data`)).statusCode).toBe(
      404,
    );
  });
});

describe('replacement', () => {
  it('refuses periods that do not match whole invoices with the spec messages, changing nothing', async () => {
    const before = await invoiceCount();
    const cases: [object, string][] = [
      [{ startDate: '2026-01-02' }, 'Start date of the reversal period did not match an invoice'],
      [{ endDate: '2026-02-20' }, 'End date of the reversal period did not match an invoice'],
      [{ startDate: '2026-05-01', endDate: '2026-05-31' }, 'No invoices matched the reversal period'],
      [{ startDate: '2025-12-01' }, "The invoice cannot start before the meter's open date"],
      [{ endDate: '2025-12-01' }, 'The end date cannot be before the start date'],
    ];
    for (const [over, message] of cases) {
      const res = await call('r.general', 'POST', '/invoices/replacement', body(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await call('r.general', 'POST', '/invoices/replacement', body({ invoiceNumber: '' }))).statusCode,
    ).toBe(400);
    expect(
      (await call('r.general', 'POST', '/invoices/replacement', body({ chargedCost: 'x' }))).statusCode,
    ).toBe(400);
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses an observer, a right barring the meter and another organisation, changing nothing', async () => {
    const before = await invoiceCount();
    expect((await call('r.observer', 'POST', '/invoices/replacement', body())).statusCode).toBe(403);
    expect((await call('r.advanced', 'POST', '/invoices/replacement', body())).statusCode).toBe(404);
    expect([403, 404]).toContain(
      (await call('r.outsider', 'POST', '/invoices/replacement', body())).statusCode,
    );
    expect(await invoiceCount()).toBe(before);
  });

  it('replaces January and February; the ledger counts the replacement and not what it replaces', async () => {
    // Before: January 1000 kWh, $200.
    expect(await month(ids.meter ?? 0, '2026-01-01')).toEqual({ cons: 1000, cost: 200 });
    const res = await call('r.general', 'POST', '/invoices/replacement', body());
    expect(res.statusCode).toBe(200);
    const id = res.json().savedInvoice.id;
    // Hand-checked: 1850 kWh over 59 days; January has 31 of them: 1850 x 31 / 59 = 972.03 kWh, February
    // 28: 877.97 kWh. Cost goes out in whole cents: 37000 / 59 = 627 a day and 7 cents left over for the first
    // 7 days, so January 31 x 627 + 7 = $194.44 and February 28 x 627 = $175.56. March stays as billed.
    const jan = await month(ids.meter ?? 0, '2026-01-01');
    expect(jan.cons).toBeCloseTo(972.0339, 3);
    expect(jan.cost).toBeCloseTo(194.44, 2);
    const feb = await month(ids.meter ?? 0, '2026-02-01');
    expect(feb.cons).toBeCloseTo(877.9661, 3);
    expect(feb.cost).toBeCloseTo(175.56, 2);
    expect(await month(ids.meter ?? 0, '2026-03-01')).toEqual({ cons: 1200, cost: 240 });
    const list = (await call('r.observer', 'GET', `/meters/${ids.meter}/invoices`)).json();
    const rep = list.rows.find(
      (r: { type: string; invoice?: { id: number } }) => r.invoice?.id === id,
    ).invoice;
    expect(rep.replaces.map((x: { id: number }) => x.id).sort()).toEqual([ids.jan, ids.feb].sort());
    const [saved] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(saved).toMatchObject({ kind: 'replacement', dateDue: '2026-03-31', invoiceNumber: 'REP-1' });
    // What is replaced cannot be replaced again.
    const again = await call(
      'r.general',
      'POST',
      '/invoices/replacement',
      body({ invoiceNumber: 'REP-2', startDate: '2026-02-01' }),
    );
    expect(again.json().message).toBe('No invoices matched the reversal period');
  });
});

describe('reversal', () => {
  it('refuses with each message of section 5', async () => {
    const before = await invoiceCount();
    const rev = (over: object) =>
      body({
        invoiceNumber: 'REV-1',
        startDate: '2026-03-01',
        endDate: '2026-04-15',
        chargedCost: 0,
        ...over,
      });
    const cases: [object, string][] = [
      [{ startDate: '2026-06-01', endDate: '2026-06-30' }, 'No invoices matched the reversal period'],
      [{ startDate: '2026-02-15' }, 'Start date did not match the start of an existing invoice'],
      [
        { endDate: '2026-03-20' },
        'End date is partway through an invoice. It must be after the end most recent invoice',
      ],
      [
        { endDate: '2026-03-31' },
        'End date exactly matches an existing invoice. There is no reversal period',
      ],
    ];
    for (const [over, message] of cases) {
      const res = await call('r.admin', 'POST', '/invoices/reversal', rev(over));
      expect(res.json().message, message).toBe(message);
    }
    expect(await invoiceCount()).toBe(before);
    const res = await call('r.admin', 'POST', '/invoices/reversal', {
      ...rev({}),
      meters: [{ meterId: ids.meter, chargedConsumption: 0 }],
    });
    expect(res.statusCode).toBe(200);
    // March no longer counts: a reversal charging nothing only stops what it reverses.
    expect(await month(ids.meter ?? 0, '2026-03-01')).toMatchObject({ cons: 0 });
  });
});

describe('decommission', () => {
  it('refuses a start that is no invoice start, then closes the data source on its end', async () => {
    const dec = (over: object) =>
      body({
        meters: [{ meterId: ids.second, chargedConsumption: 500 }],
        invoiceNumber: 'DEC-1',
        startDate: '2026-01-01',
        endDate: '2026-07-31',
        chargedCost: 140,
        ...over,
      });
    const bad = await call('r.admin', 'POST', '/invoices/decommissioning', dec({ startDate: '2026-01-05' }));
    expect(bad.json().message).toBe('No invoices matched the reversal period');
    const res = await call('r.admin', 'POST', '/invoices/decommissioning', dec({}));
    expect(res.statusCode).toBe(200);
    const [m] = await t.db
      .select()
      .from(meters)
      .where(eq(meters.id, ids.second ?? 0));
    expect(m?.meterClose).toBe('2026-07-31');
    // 500 kWh over the 212 days from January to July: August has none, July 500 x 31 / 212 = 73.11.
    expect((await month(ids.second ?? 0, '2026-07-01')).cons).toBeCloseTo(73.1132, 3);
    expect(await month(ids.second ?? 0, '2026-08-01')).toMatchObject({ cons: 0 });
  });

  it('ending before the invoice it reverses ends, leaves nothing of that invoice after it, even reopened', async () => {
    // The 1 January - 31 March invoice (900 kWh, $90.00) is decommissioned on 1-31 January with 310 kWh and
    // $31.00 charged: January counts the decommission, February and March nothing.
    const res = await call(
      'r.admin',
      'POST',
      '/invoices/decommissioning',
      body({
        meters: [{ meterId: ids.pumps, chargedConsumption: 310 }],
        invoiceNumber: 'DEC-2',
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        chargedCost: 31,
      }),
    );
    expect(res.statusCode).toBe(200);
    const pumps = ids.pumps ?? 0;
    expect(await month(pumps, '2026-01-01')).toEqual({ cons: 310, cost: 31 });
    expect(await month(pumps, '2026-02-01')).toEqual({ cons: 0, cost: 0 });
    // Opened again (the close date cleared): the reversed invoice's February and March stay out.
    await t.db.update(meters).set({ meterClose: null }).where(eq(meters.id, pumps));
    await recomputeFacts(t.db, [pumps], '2026-11-25');
    expect(await month(pumps, '2026-01-01')).toEqual({ cons: 310, cost: 31 });
    expect(await month(pumps, '2026-02-01')).toEqual({ cons: 0, cost: 0 });
    expect(await month(pumps, '2026-03-01')).toEqual({ cons: 0, cost: 0 });
  });
});
