import { describe, expect, it } from 'vitest';
import { duplicateCost } from './duplicate-cost';
import { duplicateNumber } from './duplicate-number';
import { ctx, inv } from './fixtures';
import { overlappingPeriod } from './overlapping-period';

const jan = inv({
  dateFrom: '2026-01-01',
  dateTill: '2026-01-31',
  invoiceNumber: 'AB 123',
  costCents: 12_345,
  consumption: 500,
});

describe('duplicates and overlaps', () => {
  it('finds the same invoice number, ignoring case and spaces', () => {
    const feb = inv({ dateFrom: '2026-02-01', dateTill: '2026-02-28', invoiceNumber: 'ab123' });
    expect(duplicateNumber.run(ctx(feb, { others: [jan] }))?.message).toBe(
      'Invoice number ab123 is also on the invoice for 01/01/2026 to 31/01/2026',
    );
    expect(duplicateNumber.run(ctx({ ...feb, invoiceNumber: 'AB124' }, { others: [jan] }))).toBeNull();
  });
  it('finds the same cost and consumption', () => {
    const feb = inv({ dateFrom: '2026-02-01', dateTill: '2026-02-28', costCents: 12_345, consumption: 500 });
    expect(duplicateCost.run(ctx(feb, { others: [jan] }))?.message).toBe(
      'Same cost $123.45 and consumption as the invoice for 01/01/2026 to 31/01/2026',
    );
    expect(duplicateCost.run(ctx({ ...feb, consumption: 501 }, { others: [jan] }))).toBeNull();
    // Six months on, the same figures are a coincidence (a seasonal bill), not a re-issue.
    const jul = inv({ dateFrom: '2026-07-01', dateTill: '2026-07-31', costCents: 12_345, consumption: 500 });
    expect(duplicateCost.run(ctx(jul, { others: [jan] }))).toBeNull();
  });
  it('finds overlapping periods and counts the shared days', () => {
    const mid = inv({ dateFrom: '2026-01-20', dateTill: '2026-02-19' });
    expect(overlappingPeriod.run(ctx(mid, { others: [jan] }))?.message).toBe(
      'Period overlaps 12 days with the invoice for 01/01/2026 to 31/01/2026',
    );
    const feb = inv({ dateFrom: '2026-02-01', dateTill: '2026-02-28' });
    expect(overlappingPeriod.run(ctx(feb, { others: [jan] }))).toBeNull();
  });
});
