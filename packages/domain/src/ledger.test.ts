import { describe, expect, it } from 'vitest';
import {
  apportionCents,
  computeLedger,
  costBeforeTaxCents,
  countsIn,
  type FactorSet,
  type FactRow,
  type InvoiceDoc,
  type LedgerInput,
  type LedgerMeter,
  meterCosts,
  spreadCents,
  type Timelines,
} from './ledger';

/** Worked examples of the ledger (docs/domain.md, The energy ledger), each checked by hand in its comment. */

const always = (rate: number, versionId?: number) => [{ from: '2000-01-01', till: null, rate, versionId }];
const plain = (fallback: Timelines, own?: Timelines): FactorSet => ({
  kind: 'plain',
  factors: { fallback, own },
});
const electricity = plain({ s2Location: always(0.1) });

const meter = (over: Partial<LedgerMeter> = {}): LedgerMeter => ({
  id: 1,
  meterType: 2,
  metlvlId: 1,
  ...over,
});

function invoice(over: Partial<InvoiceDoc> & { id: number; from: string; till: string }): InvoiceDoc {
  return {
    invoiceDate: over.till,
    kind: 'normal',
    carriesConsumption: true,
    reverses: [],
    costCents: 0,
    meters: [],
    ...over,
  };
}
const one = (consumption: number, meterId = 1) => [
  { meterId, multiplier: 1, sharing: null, consumption, conversionToStandard: 1 },
];

function input(over: Partial<LedgerInput>): LedgerInput {
  return {
    meter: meter(),
    invoices: [],
    consumptionRecords: [],
    transactions: [],
    fuelPurchases: [],
    registerDays: [],
    factors: electricity,
    today: '2026-11-21',
    ...over,
  };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const brief = (rows: FactRow[]) =>
  rows.map((r) => ({
    month: r.month,
    q: round(r.quantityStd),
    cents: r.costCents,
    s2: round(r.co2e.s2Location),
    covered: r.daysCovered,
    costed: r.daysCosted,
    factored: r.daysFactored,
  }));
const facts = (over: Partial<LedgerInput>) => computeLedger(input(over)).facts;

describe('invoices as documents', () => {
  it('takes the cost before GST from the line items: charges + sundries - discounts', () => {
    // $600.00 charges + $30.00 sundry - $30.00 prompt-payment discount; the $90.00 GST stays out: $600.00.
    expect(
      costBeforeTaxCents([
        { category: 'charge', totalCents: 45_000 },
        { category: 'charge', totalCents: 15_000 },
        { category: 'sundry', totalCents: 3_000 },
        { category: 'discount', totalCents: 3_000 },
        { category: 'tax', totalCents: 9_000 },
      ]),
    ).toBe(60_000);
  });

  it('splits an invoice over two meters by sharing, with the multiplier on the second', () => {
    // June 2024, $600.00. Meter 1 reads 2000 kWh, 75%; meter 2 reads 100 with multiplier 10 = 1000 kWh, 25%.
    // Meter 1: 2000 kWh, $450.00, 200 kg at 0.1. Meter 2: 1000 kWh, $150.00, 100 kg.
    const doc = invoice({
      id: 1,
      from: '2024-06-01',
      till: '2024-06-30',
      costCents: 60_000,
      meters: [
        { meterId: 1, multiplier: 1, sharing: 75, consumption: 2000, conversionToStandard: 1 },
        { meterId: 2, multiplier: 10, sharing: 25, consumption: 100, conversionToStandard: 1 },
      ],
    });
    expect([...meterCosts(doc)]).toEqual([
      [1, 45_000],
      [2, 15_000],
    ]);
    expect(brief(facts({ invoices: [doc] }))).toEqual([
      { month: '2024-06-01', q: 2000, cents: 45_000, s2: 200, covered: 30, costed: 30, factored: 30 },
    ]);
    expect(brief(facts({ meter: meter({ id: 2 }), invoices: [doc] }))).toEqual([
      { month: '2024-06-01', q: 1000, cents: 15_000, s2: 100, covered: 30, costed: 30, factored: 30 },
    ]);
  });

  it('without sharing, splits the cost in proportion to consumption, to the cent', () => {
    // 2000 and 1000 kWh: $400.00 and $200.00. Three equal meters share $100.00 as 3334 + 3333 + 3333 cents.
    const doc = invoice({
      id: 1,
      from: '2024-06-01',
      till: '2024-06-30',
      costCents: 60_000,
      meters: [...one(2000, 1), ...one(1000, 2)],
    });
    expect([...meterCosts(doc).values()]).toEqual([40_000, 20_000]);
    expect(apportionCents(10_000, [1 / 3, 1 / 3, 1 / 3])).toEqual([3334, 3333, 3333]);
    // Sharing for one meter (60%), the other takes the rest by consumption: 40%.
    const mixed = { ...doc, meters: [{ ...doc.meters[0], sharing: 60 }, doc.meters[1]] } as InvoiceDoc;
    expect([...meterCosts(mixed).values()]).toEqual([36_000, 24_000]);
  });

  it('counts a reversal and a replacement across three invoices', () => {
    // A Jan, B Feb, C Mar 2024: 100 kWh and 2000 cents a day each. Reversal R (15 Jan - 15 Mar, nothing
    // charged) reverses all three on its 61 days; replacement P over the same days charges 150 kWh and 2500
    // cents a day. Jan: 14 x 100 + 17 x 150 = 3950 kWh, 28000 + 42500 = 70500 cents. Feb: 29 x 150 = 4350,
    // 72500. Mar: 15 x 150 + 16 x 100 = 3850, 37500 + 32000 = 69500.
    const a = invoice({
      id: 1,
      from: '2024-01-01',
      till: '2024-01-31',
      costCents: 62_000,
      meters: one(3100),
    });
    const b = invoice({
      id: 2,
      from: '2024-02-01',
      till: '2024-02-29',
      costCents: 58_000,
      meters: one(2900),
    });
    const c = invoice({
      id: 3,
      from: '2024-03-01',
      till: '2024-03-31',
      costCents: 62_000,
      meters: one(3100),
    });
    const r = invoice({
      id: 4,
      kind: 'reversal',
      from: '2024-01-15',
      till: '2024-03-15',
      invoiceDate: '2024-04-10',
      reverses: [1, 2, 3],
      meters: one(0),
    });
    const p = invoice({
      id: 5,
      kind: 'replacement',
      from: '2024-01-15',
      till: '2024-03-15',
      invoiceDate: '2024-04-20',
      costCents: 152_500,
      meters: one(9150),
    });
    // Before the replacement arrives the reversed days are not covered (no silent zero consumption).
    expect(brief(facts({ invoices: [a, b, c, r] }))).toEqual([
      { month: '2024-01-01', q: 1400, cents: 28_000, s2: 140, covered: 14, costed: 31, factored: 14 },
      { month: '2024-02-01', q: 0, cents: 0, s2: 0, covered: 0, costed: 29, factored: 0 },
      { month: '2024-03-01', q: 1600, cents: 32_000, s2: 160, covered: 16, costed: 31, factored: 16 },
    ]);
    const result = computeLedger(input({ invoices: [a, b, c, r, p] }));
    expect(brief(result.facts)).toEqual([
      { month: '2024-01-01', q: 3950, cents: 70_500, s2: 395, covered: 31, costed: 31, factored: 31 },
      { month: '2024-02-01', q: 4350, cents: 72_500, s2: 435, covered: 29, costed: 29, factored: 29 },
      { month: '2024-03-01', q: 3850, cents: 69_500, s2: 385, covered: 31, costed: 31, factored: 31 },
    ]);
    expect(result.alerts).toEqual([]);
  });

  it('stops what a decommission reverses from its start on, also past its end and its close date', () => {
    // A 1-30 April 2024 invoice of 3000 kWh and $300.00 (100 kWh, 1000 cents a day). Decommission D of 1-10
    // April charges 800 kWh and $90.00 (80 kWh, 900 cents a day) and closes the meter on 10 April. April:
    // 10 x 80 = 800 kWh, 9000 cents, 80 kg. The invoice's 11-30 April tail never counts: not with the close
    // date, and not when the data source is opened again (close date cleared), where it stays uncovered.
    const april = invoice({
      id: 1,
      from: '2024-04-01',
      till: '2024-04-30',
      costCents: 30_000,
      meters: one(3000),
    });
    const d = invoice({
      id: 2,
      kind: 'decommission',
      from: '2024-04-01',
      till: '2024-04-10',
      costCents: 9_000,
      reverses: [1],
      meters: one(800),
    });
    const closed = facts({ meter: meter({ closeDate: '2024-04-10' }), invoices: [april, d] });
    expect(brief(closed)).toEqual([
      { month: '2024-04-01', q: 800, cents: 9_000, s2: 80, covered: 10, costed: 10, factored: 10 },
    ]);
    const reopened = facts({ invoices: [april, d] });
    expect(brief(reopened)).toEqual([
      { month: '2024-04-01', q: 800, cents: 9_000, s2: 80, covered: 10, costed: 10, factored: 10 },
    ]);
    // A reversal of the same days stops the invoice on those days only.
    const reversal = { ...d, kind: 'reversal' as const };
    expect(brief(facts({ invoices: [april, reversal] }))[0]).toMatchObject({ q: 2800, cents: 29_000 });
  });

  it('counts overlapping energy bills once (the later invoice date) and adds a lines bill as cost only', () => {
    // E1: 1-30 April, 3000 kWh, 60000 cents (100 kWh, 2000 cents a day), dated 3 May.
    // E2: 16 April - 15 May, 4500 kWh, 90000 cents (150 kWh, 3000 cents a day), dated 1 June: wins 16-30 April.
    // Lines: 1-30 April, 15000 cents (500 a day), no consumption.
    // April: 15 x 100 + 15 x 150 = 3750 kWh; 30000 + 45000 + 15000 = 90000 cents. May: 2250 kWh, 45000.
    const e1 = invoice({
      id: 1,
      from: '2024-04-01',
      till: '2024-04-30',
      invoiceDate: '2024-05-03',
      costCents: 60_000,
      meters: one(3000),
    });
    const e2 = invoice({
      id: 2,
      from: '2024-04-16',
      till: '2024-05-15',
      invoiceDate: '2024-06-01',
      costCents: 90_000,
      meters: one(4500),
    });
    const lines = invoice({
      id: 3,
      from: '2024-04-01',
      till: '2024-04-30',
      carriesConsumption: false,
      costCents: 15_000,
      meters: one(0),
    });
    const result = computeLedger(input({ invoices: [e1, e2, lines] }));
    expect(brief(result.facts)).toEqual([
      { month: '2024-04-01', q: 3750, cents: 90_000, s2: 375, covered: 30, costed: 30, factored: 30 },
      { month: '2024-05-01', q: 2250, cents: 45_000, s2: 225, covered: 15, costed: 15, factored: 15 },
    ]);
    expect(result.alerts).toEqual([
      { kind: 'invoice-overlap', invoiceIds: [1, 2], from: '2024-04-16', till: '2024-04-30' },
    ]);
  });
});

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
