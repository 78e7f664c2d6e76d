import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createTransaction } from '@verdant/db/input-factories';
import { auditEvents } from '@verdant/db/schema/audit';
import { transactions } from '@verdant/db/schema/inputs';
import { monthlyFacts } from '@verdant/db/schema/ledger';
import { MSG } from '@verdant/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

// 10:00 on 21 November 2026 in New Zealand (daylight time, UTC+13).
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-20T21:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Transactions Org' });
  const other = await createOrganisation(t.db, { name: 'Other Transactions Org' });
  const lpg = await createDataType(t.db, { name: 'Bottled LPG', stdUnit: 'kWh' }, [
    { name: 'litres', conversionToStandard: 7 },
  ]);
  const site = await createSite(t.db, org.id, { name: 'Pool' });
  const litres = { energyId: lpg.id, unitId: lpg.units.litres?.id ?? 0, meterOpen: '2026-01-01' };
  const withCost = await createMeter(t.db, site, { localName: 'Spa LPG', meterType: 9, ...litres });
  const plain = await createMeter(t.db, site, { localName: 'Heater LPG', meterType: 7, ...litres });
  const supply = await createMeter(t.db, site, { localName: 'Main supply', meterType: 2, ...litres });
  const invoiced = await createTransaction(t.db, plain, { date: '2026-03-01', quantity: 50 });
  await t.db.update(transactions).set({ invoiceId: 77 }).where(eq(transactions.id, invoiced.id));
  Object.assign(ids, { withCost: withCost.id, plain: plain.id, supply: supply.id, invoiced: invoiced.id });
  await createMember(t.db, org.id, { loginId: 't.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 't.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 't.observer', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 't.outsider', accessId: 2, admin: true });
  for (const k of ['t.admin', 't.general', 't.observer', 't.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const of = (meter = ids.withCost) => `/meters/${meter}/transactions`;
const count = async () => (await t.db.select().from(transactions)).length;
const factsOf = async (meterId: number) =>
  Object.fromEntries(
    (await t.db.select().from(monthlyFacts).where(eq(monthlyFacts.meterId, meterId))).map((f) => [
      f.month,
      [f.quantityStd, f.cost],
    ]),
  );

describe('transactions', () => {
  it('adds transactions with times up to 29:59 and costs for type 9; the ledger counts them at once', async () => {
    const first = await call('t.general', 'POST', of(), {
      date: '2026-10-05',
      time: '25:30',
      quantity: 45,
      cost: 99.95,
      note: 'Two bottles',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Transaction saved',
      data: {
        date: '2026-10-05',
        time: '25:30',
        quantity: 45,
        cost: 99.95,
        note: 'Two bottles',
        invoiceId: null,
      },
    });
    await call('t.general', 'POST', of(), { date: '2026-10-20', quantity: 10, cost: 20 });
    // 55 litres at 7 kWh a litre.
    expect(await factsOf(ids.withCost ?? 0)).toEqual({ '2026-10-01': [385, '119.95'] });
    const list = (await call('t.observer', 'GET', of())).json();
    expect(list).toMatchObject({ unit: 'litres', showsCost: true, mayEdit: false, purchasesAt: null });
    expect(list.transactions.map((x: { date: string }) => x.date)).toEqual(['2026-10-20', '2026-10-05']);
    // Type 7 has no cost: one sent is not kept.
    const plain = await call('t.admin', 'POST', of(ids.plain), { date: '2026-10-05', quantity: 5, cost: 3 });
    expect(plain.json().data.cost).toBeNull();
    expect((await call('t.admin', 'GET', of(ids.plain))).json().showsCost).toBe(false);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.assetId, ids.withCost ?? 0));
    expect(audits.filter((e) => e.action === 'create')).toHaveLength(2);
  });

  it('refuses with the messages of the spec and stores nothing', async () => {
    const before = await count();
    const good = { date: '2026-10-10', quantity: 1, cost: 1 };
    const bad: [object, string][] = [
      [{ ...good, date: '2025-12-31' }, MSG.transactionBeforeOpen],
      [{ ...good, date: '2026-11-22' }, MSG.transactionFuture],
      // Today in New Zealand, but later than 10:00 there.
      [{ ...good, date: '2026-11-21', time: '10:30' }, MSG.transactionFuture],
      // 25:30 on 5 October is 01:30 on the 6th: the first transaction above is at that time.
      [{ ...good, date: '2026-10-06', time: '01:30' }, MSG.transactionTaken],
      [{ ...good, date: '2026-10-20' }, MSG.transactionTaken],
      [{ ...good, time: '30:00' }, MSG.transactionTime],
      [{ ...good, time: '7:30' }, MSG.transactionTime],
      [{ ...good, note: 'x'.repeat(51) }, 'Notes can be at most 50 characters'],
      [{ ...good, cost: 1.005 }, MSG.transactionCostDecimals],
      [{ ...good, cost: null }, MSG.transactionCostRequired],
      [{ ...good, cost: -1 }, MSG.transactionCostNegative],
      [{ ...good, quantity: 0 }, MSG.transactionQuantity],
      [{ date: '2026-10-10', cost: 1 }, MSG.transactionQuantity],
      [{ ...good, date: '2026-02-30' }, MSG.dateFormat],
      [{ ...good, note: 'a\u0000b' }, 'Text cannot contain a NUL character'],
      [{ ...good, quantity: 1e30 }, MSG.transactionQuantity],
    ];
    for (const [payload, message] of bad) {
      const res = await call('t.admin', 'POST', of(), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    const supply = await call('t.admin', 'POST', of(ids.supply), good);
    expect(supply.json().message).toBe(MSG.transactionNotTaken);
    expect(await count()).toBe(before);
  });

  it('changes a transaction (its own time is not taken) and deletes it by invoice and item', async () => {
    const [latest] = (await call('t.admin', 'GET', of())).json().transactions;
    const put = await call('t.general', 'PUT', `${of()}/${latest.itemId}`, {
      date: '2026-10-20',
      time: '',
      quantity: 12,
      cost: 24,
    });
    expect(put.json().data).toMatchObject({ quantity: 12, time: null });
    const taken = await call('t.general', 'PUT', `${of()}/${latest.itemId}`, {
      date: '2026-10-06',
      time: '01:30',
      quantity: 12,
      cost: 24,
    });
    expect(taken.json().message).toBe(MSG.transactionTaken);
    expect(await factsOf(ids.withCost ?? 0)).toEqual({ '2026-10-01': [399, '123.95'] });
    // The path names the invoice too: 0 for a transaction entered by hand.
    expect((await call('t.general', 'DELETE', `${of()}/77/${latest.itemId}`)).statusCode).toBe(404);
    const res = await call('t.general', 'DELETE', `${of()}/0/${latest.itemId}`);
    expect(res.json()).toEqual({ success: true, message: 'Transaction deleted' });
    expect(await factsOf(ids.withCost ?? 0)).toEqual({ '2026-10-01': [315, '99.95'] });
    const fromInvoice = await call('t.general', 'DELETE', `${of(ids.plain)}/77/${ids.invoiced}`);
    expect(fromInvoice.statusCode).toBe(200);
  });

  it('refuses observers and other organisations, who learn nothing', async () => {
    const before = await count();
    const body = { date: '2026-09-01', quantity: 1, cost: 1 };
    const [row] = (await call('t.admin', 'GET', of())).json().transactions;
    expect((await call('t.observer', 'POST', of(), body)).statusCode).toBe(403);
    expect((await call('t.observer', 'PUT', `${of()}/${row.itemId}`, body)).statusCode).toBe(403);
    expect((await call('t.observer', 'DELETE', `${of()}/0/${row.itemId}`)).statusCode).toBe(403);
    for (const [method, url, payload] of [
      ['GET', of(), undefined],
      ['POST', of(), body],
      ['PUT', `${of()}/${row.itemId}`, body],
      ['DELETE', `${of()}/0/${row.itemId}`, undefined],
    ] as const) {
      const res = await call('t.outsider', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Spa');
    }
    expect((await call('t.admin', 'PUT', `${of(ids.plain)}/${row.itemId}`, body)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});
