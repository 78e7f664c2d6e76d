import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  allowedRange,
  calculatedCents,
  type InvoiceInput,
  type ItemInput,
  invoiceTotals,
  itemResult,
  rateInCents,
} from './arithmetic';
import { centsToDollars, isSubCent, toCents } from './money';
import { itemsCheck, type SaveCheckInput, saveCheck } from './save-checks';

const item = (over: Partial<ItemInput>): ItemInput => ({
  category: 'charge',
  rate: null,
  units: null,
  factor: null,
  repeat: null,
  totalCents: null,
  taxExempt: false,
  ...over,
});

/*
 * The hand-checked invoice: 1,000 kWh at 25.5c ($255.00), 30 days at 95c ($28.50), a $5.00 late fee (sundry),
 * a prompt payment discount of 2c on 1,000 kWh (-$20.00) and, where exempt, $12.34 of emissions units.
 */
const ENERGY = item({ rate: 25.5, units: 1000 });
const DAILY = item({ rate: 95, units: 30 });
const LATE_FEE = item({ category: 'sundry', totalCents: 500 });
const DISCOUNT = item({ category: 'discount', rate: -2, units: 1000 });
const EXEMPT = item({ taxExempt: true, totalCents: 1234 });

function invoice(incl: boolean, after: boolean, exempt: boolean, opening: number): InvoiceInput {
  return {
    items: [ENERGY, DAILY, ...(exempt ? [EXEMPT] : []), LATE_FEE, DISCOUNT],
    itemsIncludeTax: incl,
    discountAfterTax: after,
    taxPercentage: 15,
    openingBalanceCents: opening,
  };
}

describe('item totals', () => {
  it('reads a rate between -100 and 100 as cents, any other as dollars', () => {
    expect(rateInCents(25.5)).toBe(25.5);
    expect(rateInCents(-99.99)).toBe(-99.99);
    expect(rateInCents(100)).toBe(10000);
    expect(rateInCents(-150)).toBe(-15000);
    expect(calculatedCents({ rate: 150, units: 2, factor: null, repeat: null })).toBe(30000);
  });

  it('multiplies rate, units, factor and repeat and rounds half away from zero', () => {
    expect(calculatedCents({ rate: 25.5, units: 1000, factor: null, repeat: null })).toBe(25500);
    expect(calculatedCents({ rate: 12.345, units: 10, factor: 1, repeat: 1 })).toBe(123); // 123.45
    expect(calculatedCents({ rate: 0.5, units: 1, factor: 1, repeat: 1 })).toBe(1); // 0.5 → 1
    expect(calculatedCents({ rate: -0.5, units: 1, factor: 1, repeat: 1 })).toBe(-1);
    expect(calculatedCents({ rate: 10, units: 3, factor: 0.1, repeat: 2 })).toBe(6); // 0.30000000000000004 * 20
    expect(calculatedCents({ rate: null, units: 3, factor: 1, repeat: 1 })).toBeNull();
  });

  it('allows 1% either side, at least a cent, never across zero', () => {
    expect(allowedRange(10000)).toEqual({ min: 9900, max: 10100 });
    expect(allowedRange(150)).toEqual({ min: 149, max: 151 });
    expect(allowedRange(50)).toEqual({ min: 49, max: 51 });
    expect(allowedRange(1)).toEqual({ min: 0, max: 2 });
    expect(allowedRange(-1)).toEqual({ min: -2, max: 0 });
    expect(allowedRange(-50)).toEqual({ min: -51, max: -49 });
    expect(allowedRange(0)).toEqual({ min: 0, max: 0 });
  });

  it('accepts an adjusted total outside the range but flags it as an arithmetic error', () => {
    expect(itemResult(item({ rate: 25.5, units: 1000, totalCents: 25600 }))).toEqual({
      calculatedCents: 25500,
      totalCents: 25600,
      arithmeticError: false,
      manuallyAdjusted: true,
    });
    expect(itemResult(item({ rate: 25.5, units: 1000, totalCents: 25756 })).arithmeticError).toBe(true);
    expect(itemResult(item({ rate: 1, units: 1, totalCents: -1 })).arithmeticError).toBe(true);
    // A total typed with no rate is what the bill says: nothing to check it against.
    expect(itemResult(item({ totalCents: 999 })).arithmeticError).toBe(false);
  });
});

describe('invoice totals, every combination (hand-checked)', () => {
  // [incl, after, exempt, opening] → charges, items, tax, unadjusted tax, cost excl GST, total payable
  const cases: [boolean, boolean, boolean, number, number, number, number, number, number, number][] = [
    // GST excl, discount before GST: taxable 283.50 + 5.00 - 20.00 = 268.50; GST 40.275 → 40.28
    [false, false, false, 0, 28350, 26850, 4028, 4328, 26850, 30878],
    [false, false, false, 10000, 28350, 26850, 4028, 4328, 26850, 40878],
    [false, false, true, 0, 29584, 28084, 4028, 4328, 28084, 32112],
    [false, false, true, 10000, 29584, 28084, 4028, 4328, 28084, 42112],
    // GST excl, discount after GST: GST on 288.50 = 43.275 → 43.28, then the -20.00
    [false, true, false, 0, 28350, 26850, 4328, 4328, 26850, 31178],
    [false, true, false, 10000, 28350, 26850, 4328, 4328, 26850, 41178],
    [false, true, true, 0, 29584, 28084, 4328, 4328, 28084, 32412],
    [false, true, true, -5000, 29584, 28084, 4328, 4328, 28084, 27412],
    // GST incl: 268.50 contains 268.50 × 3/23 = 35.0217 → 35.02 of GST; total is the items
    [true, false, false, 0, 28350, 26850, 3502, 3763, 23348, 26850],
    [true, false, false, 10000, 28350, 26850, 3502, 3763, 23348, 36850],
    [true, false, true, 0, 29584, 28084, 3502, 3763, 24582, 28084],
    [true, false, true, 10000, 29584, 28084, 3502, 3763, 24582, 38084],
    // 'Items are' GST incl clears discount after GST: the flag changes nothing.
    [true, true, true, 10000, 29584, 28084, 3502, 3763, 24582, 38084],
  ];
  it.each(cases)(
    'incl %s, after %s, exempt %s, opening %i',
    (incl, after, exempt, opening, charges, items, tax, unadjusted, cost, total) => {
      const t = invoiceTotals(invoice(incl, after, exempt, opening));
      expect({
        charges: t.chargesCents,
        sundries: t.sundriesCents,
        discounts: t.discountsCents,
        items: t.itemsCents,
        tax: t.taxCents,
        unadjusted: t.unadjustedTaxCents,
        cost: t.costExclTaxCents,
        total: t.totalCents,
      }).toEqual({ charges, sundries: 500, discounts: -2000, items, tax, unadjusted, cost, total });
      expect(t.chargesTaxExemptCents).toBe(exempt ? 1234 : 0);
    },
  );
});

const filled = (inv: InvoiceInput, over: Partial<SaveCheckInput> = {}): SaveCheckInput => {
  const t = invoiceTotals(inv);
  return {
    ...inv,
    edited: true,
    visibleTotalCents: t.totalCents,
    taxCents: t.taxCents,
    invoiceNumber: 'INV-1',
    invoiceDate: '2024-02-05',
    dateDue: '2024-02-20',
    dateFrom: '2024-01-01',
    dateTill: '2024-01-31',
    ...over,
  };
};

describe('save checks, in the spec order', () => {
  it('passes a consistent invoice', () => {
    expect(saveCheck(filled(invoice(false, true, true, 10000)))).toBeNull();
    expect(saveCheck(filled(invoice(true, false, true, 10000)))).toBeNull();
  });

  it('checks the total first (items incl GST: items plus opening balance)', () => {
    const inv = invoice(true, false, false, 10000);
    expect(saveCheck(filled(inv, { visibleTotalCents: 36851, invoiceNumber: '' }))).toBe(
      MSG.invoiceTotalMismatch,
    );
    // Not edited: the total is the calculated one and is not checked.
    expect(saveCheck(filled(inv, { edited: false, visibleTotalCents: 1 }))).toBeNull();
  });

  it('items excl GST: items plus the entered GST plus opening balance', () => {
    const inv = invoice(false, false, false, 0);
    // GST typed as 40.27 (within floor/ceil of 40.275) and the total to match it.
    expect(saveCheck(filled(inv, { taxCents: 4027, visibleTotalCents: 30877 }))).toBeNull();
    expect(saveCheck(filled(inv, { taxCents: 4027, visibleTotalCents: 30878 }))).toBe(
      MSG.invoiceTotalMismatch,
    );
    // Discount after GST: unadjusted GST plus discounts.
    const after = invoice(false, true, false, 0);
    expect(saveCheck(filled(after, { visibleTotalCents: 26850 + 4328 }))).toBeNull();
  });

  it('then the GST: between the floor and ceiling of the tax on the items', () => {
    const inv = invoice(false, false, false, 0);
    expect(saveCheck(filled(inv, { taxCents: 4026, visibleTotalCents: 30876 }))).toBe(MSG.invoiceTaxMismatch);
    expect(saveCheck(filled(inv, { taxCents: 4029, visibleTotalCents: 30879 }))).toBe(MSG.invoiceTaxMismatch);
  });

  it('then the required fields in turn', () => {
    const inv = invoice(false, false, false, 0);
    const blanks: [keyof SaveCheckInput, string][] = [
      ['invoiceNumber', MSG.invoiceNumberRequired],
      ['invoiceDate', MSG.invoiceDateRequired],
      ['dateDue', MSG.invoiceDueDateRequired],
      ['dateFrom', MSG.invoiceFromRequired],
      ['dateTill', MSG.invoiceTillRequired],
    ];
    let over: Partial<SaveCheckInput> = {};
    for (const [field] of blanks) over = { ...over, [field]: null };
    for (const [field, message] of blanks) {
      expect(saveCheck(filled(inv, over))).toBe(message);
      over = { ...over, [field]: 'x' };
    }
    expect(saveCheck(filled(inv, over))).toBeNull();
  });

  it('limits descriptions to 75 characters and needs unique group names', () => {
    expect(itemsCheck([{ description: 'x'.repeat(75), groupName: null }], ['Day', 'Night'])).toBeNull();
    expect(itemsCheck([{ description: 'x'.repeat(76), groupName: null }])).toBe(MSG.invoiceDescriptionLong);
    expect(itemsCheck([], ['Day', 'day '])).toBe(MSG.invoiceGroupNamesUnique);
  });
});

describe('money', () => {
  it('parses dollars to cents and refuses sub-cent values', () => {
    expect(toCents('12.3')).toBe(1230);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents('12.340')).toBe(1234);
    expect(toCents('12.345')).toBeNull();
    expect(toCents(0.1 + 0.2)).toBeNull(); // 0.30000000000000004 is not a cent amount
    expect(toCents('')).toBeNull();
    expect(isSubCent('1.001')).toBe(true);
    expect(isSubCent('1.00')).toBe(false);
    expect(centsToDollars(-5)).toBe('-0.05');
  });
});

const arbItem = fc.record({
  category: fc.constantFrom('charge' as const, 'sundry' as const, 'discount' as const),
  rate: fc.option(fc.double({ min: -500, max: 500, noNaN: true }), { nil: null }),
  units: fc.option(fc.double({ min: -100000, max: 100000, noNaN: true }), { nil: null }),
  factor: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null }),
  repeat: fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
  totalCents: fc.option(fc.integer({ min: -10_000_000, max: 10_000_000 }), { nil: null }),
  taxExempt: fc.boolean(),
});
const arbInvoice = fc.record({
  items: fc.array(arbItem, { maxLength: 40 }),
  itemsIncludeTax: fc.boolean(),
  discountAfterTax: fc.boolean(),
  taxPercentage: fc.constantFrom(15, 12.5, 10, 0),
  openingBalanceCents: fc.integer({ min: -1_000_000, max: 1_000_000 }),
});

describe('properties', () => {
  it('totals reconcile to the cent: cost + GST + opening = total; sections add up to the items', () => {
    fc.assert(
      fc.property(arbInvoice, (inv) => {
        const t = invoiceTotals(inv);
        const ints = [
          t.itemsCents,
          t.taxCents,
          t.costExclTaxCents,
          t.totalCents,
          ...t.items.map((i) => i.totalCents),
        ];
        expect(ints.every(Number.isSafeInteger)).toBe(true);
        expect(t.chargesCents + t.sundriesCents + t.discountsCents).toBe(t.itemsCents);
        expect(t.items.reduce((a, i) => a + i.totalCents, 0)).toBe(t.itemsCents);
        expect(t.costExclTaxCents + t.taxCents + inv.openingBalanceCents).toBe(t.totalCents);
      }),
    );
  });

  it('an invoice entered as calculated always passes the checks; a cent off the total never does', () => {
    fc.assert(
      fc.property(arbInvoice, fc.constantFrom(-1, 1), (inv, off) => {
        const ok = filled(inv);
        expect(saveCheck(ok)).toBeNull();
        expect(saveCheck({ ...ok, visibleTotalCents: ok.visibleTotalCents + off })).toBe(
          MSG.invoiceTotalMismatch,
        );
      }),
    );
  });

  it('an adjusted item total is flagged exactly when outside the range, which never crosses zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: -200, max: 200 }),
        (calc, d) => {
          const { min, max } = allowedRange(calc);
          expect(min <= calc && calc <= max).toBe(true);
          if (calc > 0) expect(min).toBeGreaterThanOrEqual(0);
          if (calc < 0) expect(max).toBeLessThanOrEqual(0);
          const r = itemResult(item({ rate: 1, units: calc, totalCents: calc + d }));
          expect(r.arithmeticError).toBe(calc + d < min || calc + d > max);
        },
      ),
    );
  });

  it('cents survive the trip to dollars and back', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => toCents(centsToDollars(c)) === c));
  });
});
