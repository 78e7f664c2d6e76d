import { describe, expect, it } from 'vitest';
import type { FactorSet } from './ledger';
import { always, brief, facts, invoice, meter, one, plain, round } from './ledger.fixture';

/** Worked examples of the ledger (docs/domain.md, The energy ledger), each checked by hand in its comment. */
describe('interval data', () => {
  it('counts a month half invoiced and half from interval data, day by day', () => {
    // Invoice 1-15 September: 1500 kWh, 30000 cents. Import register 120 kWh a day on 16-30 September: 1800.
    // The register's 999 kWh on the invoiced 10th does not count. 3300 kWh, 330 kg; 15 days costed.
    const registerDays = [
      { date: '2024-09-10', direction: 'import' as const, quantity: 'kWh' as const, total: 999 },
      ...Array.from({ length: 15 }, (_, i) => ({
        date: `2024-09-${String(16 + i).padStart(2, '0')}`,
        direction: 'import' as const,
        quantity: 'kWh' as const,
        total: 120,
      })),
    ];
    expect(
      brief(
        facts({
          meter: meter({ meterType: 5 }),
          invoices: [
            invoice({ id: 1, from: '2024-09-01', till: '2024-09-15', costCents: 30_000, meters: one(1500) }),
          ],
          registerDays,
        }),
      ),
    ).toEqual([
      { month: '2024-09-01', q: 3300, cents: 30_000, s2: 330, covered: 30, costed: 15, factored: 30 },
    ]);
  });

  it('feeds an export register into an exported quantity of its own, never a reduction', () => {
    // 1-2 October: import 100 kWh a day, export 30 kWh a day, and a kVArh register that feeds neither.
    const registerDays = ['2024-10-01', '2024-10-02'].flatMap((date) => [
      { date, direction: 'import' as const, quantity: 'kWh' as const, total: 100 },
      { date, direction: 'export' as const, quantity: 'kWh' as const, total: 30 },
      { date, direction: 'import' as const, quantity: 'kVArh' as const, total: 50 },
    ]);
    const [row] = facts({ meter: meter({ meterType: 5 }), registerDays });
    expect(row).toMatchObject({ month: '2024-10-01', quantityStd: 200, exportedStd: 60, daysCovered: 2 });
    expect(round(row?.co2e.s2Location ?? 0)).toBe(20);
  });

  it('makes a month with an estimated or substituted import day an estimate, unless that day is invoiced', () => {
    // November 2024: 30 days of 48 kWh from an import register; the 7th has estimated half hours. 1440 kWh,
    // estimated. December: the 3rd is estimated but an invoice covers it, and an estimated export day does
    // not make the consumption an estimate: 31 x 48 = 1488 kWh, not estimated.
    const day = (date: string, over: { estimated?: boolean; direction?: 'import' | 'export' } = {}) => ({
      date,
      direction: over.direction ?? ('import' as const),
      quantity: 'kWh' as const,
      total: 48,
      estimated: over.estimated ?? false,
    });
    const month = (m: string, days: number) =>
      Array.from({ length: days }, (_, i) => `2024-${m}-${String(i + 1).padStart(2, '0')}`);
    const registerDays = [
      ...month('11', 30).map((d) => day(d, { estimated: d === '2024-11-07' })),
      ...month('12', 31).map((d) => day(d, { estimated: d === '2024-12-03' })),
      day('2024-12-20', { estimated: true, direction: 'export' }),
    ];
    const rows = facts({
      meter: meter({ meterType: 5 }),
      invoices: [invoice({ id: 1, from: '2024-12-03', till: '2024-12-03', costCents: 500, meters: one(48) })],
      registerDays,
    });
    expect(rows.map((r) => [r.month, r.quantityStd, r.estimated])).toEqual([
      ['2024-11-01', 1440, true],
      ['2024-12-01', 1488, false],
    ]);
  });
});

describe('conversion and factors', () => {
  it('converts a composite in litres per component before factors per kWh apply', () => {
    // 0.1 kL on 5 May (unit kL, 1000 litres each) = 100 L of a blend: 80% LPG at 6.9 kWh/L and 0.214 kg/kWh
    // scope 1 = 80 x 6.9 x 0.214 = 118.128 kg; 20% biogas at 6.5 kWh/L, scope 3 0.02 kg/kWh = 20 x 6.5 x
    // 0.02 = 2.6 kg. The fact keeps 100 litres, the composite's standard unit.
    const factors: FactorSet = {
      kind: 'composite',
      components: [
        { percentage: 80, conversion: 6.9, factors: { fallback: { s1: always(0.214) } } },
        { percentage: 20, conversion: 6.5, factors: { fallback: { s1: always(0), s3: always(0.02) } } },
      ],
    };
    const [row] = facts({
      meter: meter({ meterType: 7, openDate: '2024-01-01' }),
      factors,
      transactions: [{ date: '2024-05-05', quantity: 0.1, conversionToStandard: 1000, costCents: null }],
    });
    expect(round(row?.quantityStd ?? 0)).toBe(100);
    expect(round(row?.co2e.s1 ?? 0)).toBe(118.128);
    expect(round(row?.co2e.s3 ?? 0)).toBe(2.6);
    // A type-7 meter carries no cost: the month is covered but not costed.
    expect(row).toMatchObject({ daysCovered: 31, daysCosted: 0, daysFactored: 31 });
  });

  it('uses an own factor set that covers 2020 only for 2020, and the default source in 2023', () => {
    // Own set: scope 2 location 0.5 (version 11) for 2020. Default: 0.12 (v1) in 2020, 0.074 (v3) from 2023;
    // scope 3 0.01 (v2) always. March 2020, 3100 kWh: 1550 kg own, 31 kg scope 3 from the default.
    // March 2023: 3100 x 0.074 = 229.4 kg from the default, per day, not per data type.
    const factors = plain(
      {
        s2Location: [
          { from: '2020-01-01', till: '2022-12-31', rate: 0.12, versionId: 1 },
          { from: '2023-01-01', till: null, rate: 0.074, versionId: 3 },
        ],
        s3: always(0.01, 2),
      },
      { s2Location: [{ from: '2020-01-01', till: '2020-12-31', rate: 0.5, versionId: 11 }] },
    );
    const rows = facts({
      factors,
      invoices: [
        invoice({ id: 1, from: '2020-03-01', till: '2020-03-31', meters: one(3100) }),
        invoice({ id: 2, from: '2023-03-01', till: '2023-03-31', meters: one(3100) }),
      ],
    });
    expect(rows.map((r) => [r.month, round(r.co2e.s2Location), round(r.co2e.s3), r.factorVersions])).toEqual([
      ['2020-03-01', 1550, 31, [2, 11]],
      ['2023-03-01', 229.4, 31, [2, 3]],
    ]);
    // No market-based factor is published: scope 2 market-based takes the location-based one.
    expect(rows.map((r) => round(r.co2e.s2Market))).toEqual([1550, 229.4]);
  });

  it('takes a residual-mix factor for market-based scope 2 where one is published', () => {
    // A residual mix of 0 kg/kWh from 2023: location-based 229.4 kg, market-based 0, all 3100 kWh at the
    // residual mix.
    const factors = plain({
      s2Location: always(0.074),
      s2Market: [{ from: '2023-01-01', till: null, rate: 0 }],
    });
    const [row] = facts({
      factors,
      invoices: [invoice({ id: 1, from: '2023-03-01', till: '2023-03-31', meters: one(3100) })],
    });
    expect([round(row?.co2e.s2Location ?? -1), round(row?.co2e.s2Market ?? -1)]).toEqual([229.4, 0]);
    expect(row?.marketKwh).toEqual({ certificate: 0, supplier: 0, residual: 3100, grid: 0 });
  });

  it('counts a day with no factor as missing, never as zero', () => {
    // 3000 kWh over June: the only factor (0.2) ends on 10 June. 10 x 100 x 0.2 = 200 kg for 10 factored days;
    // the other 20 days have unknown emissions, so the month is incomplete for emissions (10 of 30).
    const factors = plain({ s2Location: [{ from: '2024-01-01', till: '2024-06-10', rate: 0.2 }] });
    expect(
      brief(
        facts({
          factors,
          invoices: [
            invoice({ id: 1, from: '2024-06-01', till: '2024-06-30', costCents: 60_000, meters: one(3000) }),
          ],
        }),
      ),
    ).toEqual([
      { month: '2024-06-01', q: 3000, cents: 60_000, s2: 200, covered: 30, costed: 30, factored: 10 },
    ]);
  });

  it("converts each input row by its own unit, so a meter's unit change never rescales history", () => {
    // January billed as 2.5 MWh (x1000), February as 2600 kWh (x1): 2500 and 2600 kWh.
    const rows = facts({
      invoices: [
        invoice({
          id: 1,
          from: '2024-01-01',
          till: '2024-01-31',
          meters: [
            { meterId: 1, multiplier: 1, sharing: null, consumption: 2.5, conversionToStandard: 1000 },
          ],
        }),
        invoice({ id: 2, from: '2024-02-01', till: '2024-02-29', meters: one(2600) }),
      ],
    });
    expect(rows.map((r) => round(r.quantityStd))).toEqual([2500, 2600]);
  });
});
