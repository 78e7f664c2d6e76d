import { describe, expect, it } from 'vitest';
import { computeMonthlyFacts, type FactorSet, type LedgerInput, spreadCents } from './ledger';

const electricity: FactorSet = {
  kind: 'plain',
  byScope: { 2: [{ from: '2000-01-01', till: null, rate: 0.1 }] },
};

function input(over: Partial<LedgerInput>): LedgerInput {
  return {
    meter: { meterType: 2, metlvlId: 1, conversionToStandard: 1 },
    invoices: [],
    consumptionRecords: [],
    transactions: [],
    fuelPurchases: [],
    halfHourDays: [],
    factors: electricity,
    today: '2026-11-21',
    ...over,
  };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const brief = (rows: ReturnType<typeof computeMonthlyFacts>) =>
  rows.map((r) => ({
    month: r.month,
    q: round(r.quantityStd),
    cents: r.costCents,
    s1: round(r.co2e[1]),
    s2: round(r.co2e[2]),
    s3: round(r.co2e[3]),
    days: r.daysCovered,
    est: r.estimated,
  }));

describe('the energy ledger, worked examples', () => {
  it('spreads a 45-day invoice over the two months it crosses, by day, to the cent', () => {
    // 17 March to 30 April 2024: 15 days in March, 30 in April. 4500 kWh -> 100 kWh a day.
    // $900.01 -> 2000 cents a day and one cent left over, which the first day takes.
    const rows = computeMonthlyFacts(
      input({ invoices: [{ from: '2024-03-17', till: '2024-04-30', quantity: 4500, costCents: 90001 }] }),
    );
    expect(brief(rows)).toEqual([
      { month: '2024-03-01', q: 1500, cents: 30001, s1: 0, s2: 150, s3: 0, days: 15, est: false },
      { month: '2024-04-01', q: 3000, cents: 60000, s1: 0, s2: 300, s3: 0, days: 30, est: false },
    ]);
  });

  it('applies the factor in force on each day when it changes mid-month', () => {
    // 3000 kWh over June = 100 kWh a day. 0.2 kg/kWh for 1-10 June, 0.1 from 11 June:
    // 10 x 100 x 0.2 + 20 x 100 x 0.1 = 200 + 200 = 400 kg. T&D losses (scope 3) 0.01 all month = 30 kg.
    const factors: FactorSet = {
      kind: 'plain',
      byScope: {
        2: [
          { from: '2023-01-01', till: '2024-06-10', rate: 0.2 },
          { from: '2024-06-11', till: null, rate: 0.1 },
        ],
        3: [{ from: '2023-01-01', till: null, rate: 0.01 }],
      },
    };
    const rows = computeMonthlyFacts(
      input({
        factors,
        invoices: [{ from: '2024-06-01', till: '2024-06-30', quantity: 3000, costCents: 60000 }],
      }),
    );
    expect(brief(rows)).toEqual([
      { month: '2024-06-01', q: 3000, cents: 60000, s1: 0, s2: 400, s3: 30, days: 30, est: false },
    ]);
  });

  it("weights a composite data type's components by percentage", () => {
    // 90% fossil (2.0 kg/L scope 1) + 10% bio (0 scope 1, 0.5 kg/L scope 3):
    // scope 1 rate 1.8, scope 3 rate 0.05. 100 L on 5 May -> 180 kg scope 1, 5 kg scope 3.
    const factors: FactorSet = {
      kind: 'composite',
      components: [
        { percentage: 90, byScope: { 1: [{ from: '2020-01-01', till: null, rate: 2.0 }] } },
        {
          percentage: 10,
          byScope: {
            1: [{ from: '2020-01-01', till: null, rate: 0 }],
            3: [{ from: '2020-01-01', till: null, rate: 0.5 }],
          },
        },
      ],
    };
    const rows = computeMonthlyFacts(
      input({
        factors,
        meter: { meterType: 7, metlvlId: 1, conversionToStandard: 1, openDate: '2024-01-01' },
        transactions: [{ date: '2024-05-05', quantity: 100, costCents: 25_000 }],
      }),
    );
    expect(brief(rows)).toEqual([
      { month: '2024-05-01', q: 100, cents: 25000, s1: 180, s2: 0, s3: 5, days: 31, est: false },
    ]);
  });

  it('marks a month with a gap as incomplete', () => {
    // Invoices for 1-10 and 21-31 January: 21 of 31 days covered.
    const rows = computeMonthlyFacts(
      input({
        invoices: [
          { from: '2024-01-01', till: '2024-01-10', quantity: 1000, costCents: 20000 },
          { from: '2024-01-21', till: '2024-01-31', quantity: 1100, costCents: 22000, estimated: true },
        ],
      }),
    );
    expect(brief(rows)).toEqual([
      { month: '2024-01-01', q: 2100, cents: 42000, s1: 0, s2: 210, s3: 0, days: 21, est: true },
    ]);
  });

  it('counts a replacement invoice and not the invoice it reversed', () => {
    const rows = computeMonthlyFacts(
      input({
        invoices: [
          { from: '2024-02-01', till: '2024-02-29', quantity: 1000, costCents: 20000, reversed: true },
          { from: '2024-02-01', till: '2024-02-29', quantity: 1160, costCents: 23200 },
        ],
      }),
    );
    expect(brief(rows)).toEqual([
      { month: '2024-02-01', q: 1160, cents: 23200, s1: 0, s2: 116, s3: 0, days: 29, est: false },
    ]);
  });

  it("converts the meter's unit to the standard unit", () => {
    // Billed in MWh: 2.5 MWh = 2500 kWh.
    const rows = computeMonthlyFacts(
      input({
        meter: { meterType: 2, metlvlId: 1, conversionToStandard: 1000 },
        invoices: [{ from: '2024-07-01', till: '2024-07-31', quantity: 2.5, costCents: 50000 }],
      }),
    );
    expect(brief(rows)[0]).toMatchObject({ q: 2500, s2: 250, days: 31 });
  });

  it('counts half-hour readings only in months no invoice covers', () => {
    const rows = computeMonthlyFacts(
      input({
        meter: { meterType: 5, metlvlId: 1, conversionToStandard: 1 },
        invoices: [{ from: '2024-08-01', till: '2024-08-31', quantity: 3100, costCents: 62000 }],
        halfHourDays: [
          { date: '2024-08-15', kwh: 999 },
          { date: '2024-09-01', kwh: 120 },
          { date: '2024-09-02', kwh: 130 },
        ],
      }),
    );
    expect(brief(rows)).toEqual([
      { month: '2024-08-01', q: 3100, cents: 62000, s1: 0, s2: 310, s3: 0, days: 31, est: false },
      { month: '2024-09-01', q: 250, cents: 0, s1: 0, s2: 25, s3: 0, days: 2, est: false },
    ]);
  });

  it('takes consumption records only for unmetered (type 8) and level-2 meters', () => {
    const records = [{ from: '2024-10-01', till: '2024-10-31', quantity: 310, costCents: 0 }];
    expect(computeMonthlyFacts(input({ consumptionRecords: records }))).toEqual([]);
    const sub = computeMonthlyFacts(
      input({ meter: { meterType: 2, metlvlId: 2, conversionToStandard: 1 }, consumptionRecords: records }),
    );
    expect(brief(sub)).toEqual([
      { month: '2024-10-01', q: 310, cents: 0, s1: 0, s2: 31, s3: 0, days: 31, est: false },
    ]);
  });

  it('counts transactions only for transactional meters, on their dates, within the open period', () => {
    const transactions = [{ date: '2026-11-13', quantity: 40, costCents: 10_000 }];
    expect(computeMonthlyFacts(input({ transactions }))).toEqual([]);
    // Open from 10 November, today the 21st: 12 days of November counted.
    const rows = computeMonthlyFacts(
      input({
        meter: { meterType: 9, metlvlId: 1, conversionToStandard: 1, openDate: '2026-11-10' },
        transactions,
      }),
    );
    expect(brief(rows)).toEqual([
      { month: '2026-11-01', q: 40, cents: 10000, s1: 0, s2: 4, s3: 0, days: 12, est: false },
    ]);
  });
});

describe('spreadCents', () => {
  it('adds up exactly, negative amounts too', () => {
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
