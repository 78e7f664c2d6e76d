import { describe, expect, it } from 'vitest';
import { apportionCents, computeLedger, costBeforeTaxCents, type InvoiceDoc, meterCosts } from './ledger';
import { brief, facts, input, invoice, meter, one } from './ledger.fixture';

/** Worked examples of the ledger (docs/domain.md, The energy ledger), each checked by hand in its comment. */
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
