import { describe, expect, it } from 'vitest';
import { arithmetic } from './arithmetic';
import { ctx, inv } from './fixtures';
import { gstAudit } from './gst';

describe('GST and arithmetic', () => {
  // Taxable $100.01 + exempt $20: 15% of 10,001 c = 1,500.15 c, so 1,500 or 1,501 c pass.
  const items = [
    { totalCents: 10_001, calculatedCents: 10_001, taxExempt: false },
    { totalCents: 2_000, calculatedCents: null, taxExempt: true },
  ];
  it('accepts GST between the floor and ceiling of 15% of the taxable items', () => {
    const base = { dateFrom: '2026-01-01', dateTill: '2026-01-31', items };
    expect(gstAudit.run(ctx(inv({ ...base, taxCents: 1_500 })))).toBeNull();
    expect(gstAudit.run(ctx(inv({ ...base, taxCents: 1_501 })))).toBeNull();
    expect(gstAudit.run(ctx(inv({ ...base, taxCents: 1_800 })))?.message).toBe(
      'GST $18.00 is not 15% of the taxable items $100.01 (expected $15.00)',
    );
  });
  it('reads GST inclusive items and a discount after GST as the invoice page does', () => {
    const base = { dateFrom: '2026-01-01', dateTill: '2026-01-31' };
    // Items GST incl: $115.00 taxable carries 11,500 x 15/115 = 1,500 c of GST; the exempt $20 none.
    const incl = [
      { totalCents: 11_500, calculatedCents: null, taxExempt: false },
      { totalCents: 2_000, calculatedCents: null, taxExempt: true },
    ];
    expect(
      gstAudit.run(ctx(inv({ ...base, items: incl, itemsIncludeTax: true, taxCents: 1_500 }))),
    ).toBeNull();
    expect(
      gstAudit.run(ctx(inv({ ...base, items: incl, itemsIncludeTax: true, taxCents: 1_725 })))?.message,
    ).toBe('GST $17.25 is not 15% of the taxable items $115.00 (expected $15.00)');
    // Items GST excl, discount of $10 after GST: GST is on the $200 charge alone, 3,000 c (not 2,850 c).
    const discounted = [
      { totalCents: 20_000, calculatedCents: null, taxExempt: false },
      { totalCents: -1_000, calculatedCents: null, taxExempt: false, category: 'discount' as const },
    ];
    expect(
      gstAudit.run(ctx(inv({ ...base, items: discounted, discountAfterTax: true, taxCents: 3_000 }))),
    ).toBeNull();
    expect(gstAudit.run(ctx(inv({ ...base, items: discounted, taxCents: 2_850 })))).toBeNull();
    expect(
      gstAudit.run(ctx(inv({ ...base, items: discounted, discountAfterTax: true, taxCents: 2_850 }))),
    ).not.toBeNull();
  });
  it('flags an item more than 1% (at least a cent) from its calculation', () => {
    const base = { dateFrom: '2026-01-01', dateTill: '2026-01-31' };
    // Calculated $50.00: 1% is 50 c, so $50.50 passes and $50.51 does not.
    const ok = [{ totalCents: 5_050, calculatedCents: 5_000, taxExempt: false, description: 'Energy' }];
    const off = [{ totalCents: 5_051, calculatedCents: 5_000, taxExempt: false, description: 'Energy' }];
    expect(arithmetic.run(ctx(inv({ ...base, items: ok })))).toBeNull();
    expect(arithmetic.run(ctx(inv({ ...base, items: off })))?.message).toBe(
      "Arithmetic error on 'Energy': $50.51 (calculated $50.00)",
    );
    // Calculated 30 c: the minimum is a cent, so 32 c is off.
    expect(
      arithmetic.run(
        ctx(inv({ ...base, items: [{ totalCents: 32, calculatedCents: 30, taxExempt: false }] })),
      ),
    ).not.toBeNull();
    expect(
      arithmetic.run(
        ctx(inv({ ...base, items: [{ totalCents: 31, calculatedCents: 30, taxExempt: false }] })),
      ),
    ).toBeNull();
    expect(
      arithmetic.run(
        ctx(
          inv({
            ...base,
            items: [{ totalCents: 31, calculatedCents: null, taxExempt: false, arithmeticError: true }],
          }),
        ),
      ),
    ).not.toBeNull();
  });
});
