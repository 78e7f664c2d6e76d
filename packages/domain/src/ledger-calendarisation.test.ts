import { describe, expect, it } from 'vitest';
import { countsIn, spreadCents } from './ledger';
import { always, brief, facts, invoice, meter, one, plain, round } from './ledger.fixture';

/** Worked examples of the ledger (docs/domain.md, The energy ledger), each checked by hand in its comment. */
describe('which meters count, per measure', () => {
  const diesel = plain({ s1: always(2.68), s3: always(0.6) });

  it('reports a CONTRACTOR meter in scope 3, not in scopes 1 and 2', () => {
    // 100 L of diesel on 5 May: 268 kg scope 1 + 60 kg scope 3 for the organisation's own meter; a
    // contractor's meter reports all 328 kg in scope 3.
    const purchase = { date: '2024-05-05', quantity: 100, conversionToStandard: 1, costCents: 20_000 };
    const own = facts({ meter: meter({ meterType: 7 }), factors: diesel, fuelPurchases: [purchase] })[0];
    expect([round(own?.co2e.s1 ?? 0), round(own?.co2e.s3 ?? 0)]).toEqual([268, 60]);
    const contractor = facts({
      meter: meter({ meterType: 7, reportingSource: 'CONTRACTOR' }),
      factors: diesel,
      fuelPurchases: [purchase],
    })[0];
    expect(contractor?.co2e).toEqual({ s1: 0, s2Location: 0, s2Market: 0, s3: 328 });
    expect(countsIn(meter({ reportingSource: 'CONTRACTOR' }), 'emissions')).toBe(true);
  });

  it('keeps a check meter (CHECK situation or level 2) and UNREPORTED meters out of every total', () => {
    for (const m of [
      meter({ situation: 'CHECK' }),
      meter({ metlvlId: 2 }),
      meter({ reportingSource: 'UNREPORTED' }),
    ]) {
      expect(['consumption', 'cost', 'emissions'].map((x) => countsIn(m, x as 'cost'))).toEqual([
        false,
        false,
        false,
      ]);
    }
    // The check meter still has facts of its own, for its own page.
    const check = facts({
      meter: meter({ situation: 'CHECK' }),
      invoices: [invoice({ id: 1, from: '2024-06-01', till: '2024-06-30', meters: one(3000) })],
    });
    expect(check[0]?.quantityStd).toBe(3000);
  });

  it('follows the reporting flags: 1 consumption, 2 and 4 carbon', () => {
    expect(countsIn(meter({ reporting: 1 }), 'consumption')).toBe(true);
    expect(countsIn(meter({ reporting: 1 }), 'emissions')).toBe(false);
    expect(countsIn(meter({ reporting: 6 }), 'consumption')).toBe(false);
    expect(countsIn(meter({ reporting: 6 }), 'emissions')).toBe(true);
  });

  it('counts an incorrect-fuel purchase (the fuel was burnt) and flags the month', () => {
    const [row] = facts({
      meter: meter({ meterType: 7 }),
      factors: diesel,
      fuelPurchases: [
        { date: '2024-05-05', quantity: 50, conversionToStandard: 1, costCents: 9_000, flagged: true },
      ],
    });
    expect(row).toMatchObject({ quantityStd: 50, costCents: 9_000, flagged: true });
  });
});

describe('calendarisation', () => {
  it('spreads a 45-day invoice over the two months it crosses, by day, to the cent', () => {
    // 17 March to 30 April 2024: 15 days in March, 30 in April. 4500 kWh -> 100 kWh a day.
    // $900.01 -> 2000 cents a day and one cent left over, which the first day takes.
    expect(
      brief(
        facts({
          invoices: [
            invoice({ id: 1, from: '2024-03-17', till: '2024-04-30', costCents: 90_001, meters: one(4500) }),
          ],
        }),
      ),
    ).toEqual([
      { month: '2024-03-01', q: 1500, cents: 30_001, s2: 150, covered: 15, costed: 15, factored: 15 },
      { month: '2024-04-01', q: 3000, cents: 60_000, s2: 300, covered: 30, costed: 30, factored: 30 },
    ]);
  });

  it('takes consumption records on every data source but the transactional ones (7 and 9)', () => {
    const records = [{ from: '2024-10-01', till: '2024-10-31', quantity: 310, conversionToStandard: 1 }];
    expect(facts({ meter: meter({ meterType: 7 }), consumptionRecords: records })).toEqual([]);
    expect(facts({ meter: meter({ meterType: 9 }), consumptionRecords: records })).toEqual([]);
    const [row] = facts({ meter: meter({ metlvlId: 2 }), consumptionRecords: records });
    expect(row).toMatchObject({ quantityStd: 310, costCents: 0, daysCovered: 31, daysCosted: 0 });
    // A metered data source's whole days from a file (Green Button daily readings), one estimated.
    const [daily] = facts({
      meter: meter({ meterType: 5 }),
      consumptionRecords: [{ ...records[0], estimated: true } as (typeof records)[number]],
    });
    expect(daily).toMatchObject({ quantityStd: 310, daysCovered: 31, estimated: true });
  });

  it('counts transactions of an event-based meter on every day it was open in the month', () => {
    // Open from 10 November (21 open days), today the 21st: 12 days of November counted so far.
    const [row] = facts({
      meter: meter({ meterType: 9, openDate: '2026-11-10' }),
      transactions: [{ date: '2026-11-13', quantity: 40, conversionToStandard: 1, costCents: 10_000 }],
    });
    expect(row).toMatchObject({
      quantityStd: 40,
      costCents: 10_000,
      daysOpen: 21,
      daysCovered: 12,
      daysCosted: 12,
    });
  });

  it("keeps inputs outside the meter's open period but counts only its open days", () => {
    // Open 11 March 2024, closed 20 April 2024. A 1-31 March invoice of 3100 kWh and $310.00 is 100 kWh and
    // 1000 cents a day: March counts its 21 open days (11-31) -> 2100 kWh, $210.00, 210 kg. A 1-30 April
    // invoice of 3000 kWh and $300.00 is 100 kWh and 1000 cents a day: April counts 1-20 -> 2000 kWh,
    // $200.00, 200 kg. The May invoice, after the close date, counts nothing.
    expect(
      brief(
        facts({
          meter: meter({ openDate: '2024-03-11', closeDate: '2024-04-20' }),
          invoices: [
            invoice({ id: 1, from: '2024-03-01', till: '2024-03-31', costCents: 31_000, meters: one(3100) }),
            invoice({ id: 2, from: '2024-04-01', till: '2024-04-30', costCents: 30_000, meters: one(3000) }),
            invoice({ id: 3, from: '2024-05-01', till: '2024-05-31', costCents: 31_000, meters: one(3100) }),
          ],
        }),
      ),
    ).toEqual([
      { month: '2024-03-01', q: 2100, cents: 21_000, s2: 210, covered: 21, costed: 21, factored: 21 },
      { month: '2024-04-01', q: 2000, cents: 20_000, s2: 200, covered: 20, costed: 20, factored: 20 },
    ]);
    // A transaction dated before the open date is not counted, nor does it cover its month.
    const rows = facts({
      meter: meter({ meterType: 9, openDate: '2026-11-10' }),
      transactions: [
        { date: '2026-10-28', quantity: 99, conversionToStandard: 1, costCents: 9_900 },
        { date: '2026-11-13', quantity: 40, conversionToStandard: 1, costCents: 10_000 },
      ],
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      month: '2026-11-01',
      quantityStd: 40,
      costCents: 10_000,
      daysCovered: 12,
    });
  });

  it('spreads cents exactly, negative amounts too', () => {
    for (const [cents, days] of [
      [100, 3],
      [90001, 45],
      [-1001, 7],
      [5, 31],
    ] as const) {
      const share = spreadCents(cents, days);
      let sum = 0;
      for (let i = 0; i < days; i++) sum += share(i);
      expect(sum).toBe(cents);
    }
  });
});
