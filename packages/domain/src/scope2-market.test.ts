import { describe, expect, it } from 'vitest';
import { toDayNumber } from './calendar';
import { computeLedger, type FactorSet, type LedgerInput } from './ledger';
import { certificateCover, marketOnDay, supplierRateOn } from './scope2-market';

/** Market-based scope 2, each figure checked by hand in its comment. */

const day = toDayNumber;
const days = (entries: [string, number][]) => new Map(entries.map(([d, q]) => [day(d), q]));
const round = (n: number) => Math.round(n * 1e6) / 1e6;

describe('certificate cover', () => {
  it('covers the same share of every day of its period, in proportion to the quantity', () => {
    // 50 + 150 = 200 kWh used in the period; 100 kWh of certificates cover half: 25 and 75 kWh, at 0 kg.
    const cover = certificateCover(
      [{ from: '2025-01-01', till: '2025-01-31', kwh: 100, rate: 0 }],
      days([
        ['2025-01-01', 50],
        ['2025-01-02', 150],
        ['2025-02-01', 400],
      ]),
    );
    expect(cover.get(day('2025-01-01'))).toEqual({ kwh: 25, kg: 0 });
    expect(cover.get(day('2025-01-02'))).toEqual({ kwh: 75, kg: 0 });
    // February is outside the certificates' period.
    expect(cover.has(day('2025-02-01'))).toBe(false);
  });

  it('never covers more than was used, and overlapping certificates share the remainder', () => {
    // 2 days of 100 kWh. 1000 kWh of certificates cover all 200 kWh (the excess is not claimed).
    const used = days([
      ['2025-03-01', 100],
      ['2025-03-02', 100],
    ]);
    expect(
      certificateCover([{ from: '2025-03-01', till: '2025-03-02', kwh: 1000, rate: 0.05 }], used).get(
        day('2025-03-01'),
      ),
    ).toEqual({ kwh: 100, kg: 5 });
    // Two certificates of 120 kWh each (60% of the period): the first covers 60 kWh a day, the second the
    // 40 kWh left, at 0.02 kg: 60 x 0 + 40 x 0.02 = 0.8 kg a day.
    const both = certificateCover(
      [
        { from: '2025-03-01', till: '2025-03-02', kwh: 120, rate: 0 },
        { from: '2025-03-01', till: '2025-03-31', kwh: 120, rate: 0.02 },
      ],
      used,
    ).get(day('2025-03-02'));
    expect(both?.kwh).toBe(100);
    expect(round(both?.kg ?? -1)).toBe(0.8);
  });

  it('covers nothing in a period without consumption', () => {
    expect(
      certificateCover(
        [{ from: '2025-01-01', till: '2025-01-31', kwh: 100, rate: 0 }],
        days([['2025-01-05', 0]]),
      ).size,
    ).toBe(0);
  });
});

describe('the market-based factor of a day', () => {
  it('takes the certificates, then the supplier, then the residual mix, then the grid average', () => {
    // 100 kWh, 60 covered by certificates at 0 kg. The other 40: at the residual mix 0.11347: 4.5388 kg.
    const cover = { kwh: 60, kg: 0 };
    expect(marketOnDay(100, { cover, residual: 0.11347, location: 0.0786625 })).toEqual({
      kg: 40 * 0.11347,
      kwh: { certificate: 60, supplier: 0, residual: 40, grid: 0 },
    });
    // A supplier-specific 0.05 wins over the residual mix: 40 x 0.05 = 2 kg.
    expect(marketOnDay(100, { cover, supplier: 0.05, residual: 0.11347, location: 0.0786625 })?.kg).toBe(2);
    // No residual mix published: the grid average 0.0786625 x 40 = 3.1465 kg, labelled as such.
    const grid = marketOnDay(100, { cover, location: 0.0786625 });
    expect(round(grid?.kg ?? -1)).toBe(3.1465);
    expect(grid?.kwh.grid).toBe(40);
    // A quantity with no scope 2 factor at all (gas) has no market-based scope 2.
    expect(marketOnDay(100, { cover })).toBeNull();
  });

  it('takes the latest starting supplier factor where two overlap', () => {
    const factors = [
      { from: '2024-01-01', till: '2025-12-31', rate: 0.09 },
      { from: '2025-04-01', till: '2026-03-31', rate: 0.03 },
    ];
    expect(supplierRateOn(factors, day('2025-03-31'))).toBe(0.09);
    expect(supplierRateOn(factors, day('2025-04-01'))).toBe(0.03);
    expect(supplierRateOn(factors, day('2026-04-01'))).toBeUndefined();
  });
});

describe('the ledger with contractual instruments', () => {
  // Grid average 0.0786625 always; residual mix 0.11347 from 1 April 2024.
  const factors: FactorSet = {
    kind: 'plain',
    factors: {
      fallback: {
        s2Location: [{ from: '2000-01-01', till: null, rate: 0.0786625 }],
        s2Market: [{ from: '2024-04-01', till: null, rate: 0.11347 }],
      },
    },
  };
  const input = (over: Partial<LedgerInput>): LedgerInput => ({
    meter: { id: 1, meterType: 2, metlvlId: 1 },
    invoices: [
      {
        id: 1,
        invoiceDate: '2025-02-28',
        from: '2025-02-01',
        till: '2025-02-28',
        kind: 'normal',
        carriesConsumption: true,
        reverses: [],
        costCents: 0,
        meters: [{ meterId: 1, multiplier: 1, sharing: null, consumption: 2800, conversionToStandard: 1 }],
      },
      {
        id: 2,
        invoiceDate: '2025-03-31',
        from: '2025-03-01',
        till: '2025-03-31',
        kind: 'normal',
        carriesConsumption: true,
        reverses: [],
        costCents: 0,
        meters: [{ meterId: 1, multiplier: 1, sharing: null, consumption: 3100, conversionToStandard: 1 }],
      },
    ],
    consumptionRecords: [],
    transactions: [],
    fuelPurchases: [],
    registerDays: [],
    factors,
    today: '2026-01-01',
    ...over,
  });

  it('spreads certificates over February and March and prices the rest at the residual mix', () => {
    // 100 kWh a day; 2950 kWh of certificates over February and March (5900 kWh) cover half of every day.
    // February: 1400 kWh covered at 0, 1400 x 0.11347 = 158.858 kg; location 2800 x 0.0786625 = 220.255 kg.
    // March: 1550 covered, 1550 x 0.11347 = 175.8785 kg; location 3100 x 0.0786625 = 243.85375 kg.
    const { facts } = computeLedger(
      input({
        market: {
          certificates: [{ from: '2025-02-01', till: '2025-03-31', kwh: 2950, rate: 0 }],
          supplierFactors: [],
        },
      }),
    );
    expect(facts.map((f) => [f.month, round(f.co2e.s2Location), round(f.co2e.s2Market)])).toEqual([
      ['2025-02-01', 220.255, 158.858],
      ['2025-03-01', 243.85375, 175.8785],
    ]);
    expect(facts.map((f) => f.marketKwh)).toEqual([
      { certificate: 1400, supplier: 0, residual: 1400, grid: 0 },
      { certificate: 1550, supplier: 0, residual: 1550, grid: 0 },
    ]);
  });

  it('takes a supplier-specific factor for March only', () => {
    // March at the supplier's 0.05: 3100 x 0.05 = 155 kg; February keeps the residual mix: 317.716 kg.
    const { facts } = computeLedger(
      input({
        market: {
          certificates: [],
          supplierFactors: [{ from: '2025-03-01', till: '2025-03-31', rate: 0.05 }],
        },
      }),
    );
    expect(facts.map((f) => round(f.co2e.s2Market))).toEqual([317.716, 155]);
    expect(facts[1]?.marketKwh.supplier).toBe(3100);
  });

  it('uses the grid average where no residual mix is in force, and says so', () => {
    // March 2024 is before the residual mix (April 2024): 3100 x 0.0786625 = 243.85375 kg at the grid average.
    const { facts } = computeLedger(
      input({
        invoices: [
          {
            id: 3,
            invoiceDate: '2024-03-31',
            from: '2024-03-01',
            till: '2024-03-31',
            kind: 'normal',
            carriesConsumption: true,
            reverses: [],
            costCents: 0,
            meters: [
              { meterId: 1, multiplier: 1, sharing: null, consumption: 3100, conversionToStandard: 1 },
            ],
          },
        ],
      }),
    );
    expect(round(facts[0]?.co2e.s2Market ?? -1)).toBe(243.85375);
    expect(facts[0]?.marketKwh).toEqual({ certificate: 0, supplier: 0, residual: 0, grid: 3100 });
  });
});
