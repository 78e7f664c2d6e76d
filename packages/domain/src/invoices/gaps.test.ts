import { describe, expect, it } from 'vitest';
import { invoiceGaps, monthFrom, suggestedPeriod } from './gaps';

const jan = { from: '2024-01-01', till: '2024-01-31' };
const mar = { from: '2024-03-01', till: '2024-03-31' };

describe('invoice gaps and the New Invoice suggestion', () => {
  it('a billing month runs to the day before the same date next month', () => {
    expect(monthFrom('2024-01-01')).toBe('2024-01-31');
    expect(monthFrom('2024-01-15')).toBe('2024-02-14');
    expect(monthFrom('2024-01-31')).toBe('2024-02-28');
    expect(monthFrom('2024-12-01')).toBe('2024-12-31');
  });

  it('finds the days before the first invoice and between invoices', () => {
    expect(invoiceGaps([mar, jan], '2023-12-01', '2024-06-30')).toEqual([
      { from: '2023-12-01', till: '2023-12-31' },
      { from: '2024-02-01', till: '2024-02-29' },
    ]);
    expect(invoiceGaps([jan, mar], null, '2024-06-30')).toEqual([{ from: '2024-02-01', till: '2024-02-29' }]);
    // Overlapping invoices leave no gap.
    expect(invoiceGaps([jan, { from: '2024-01-15', till: '2024-02-29' }, mar], null, '2024-06-30')).toEqual(
      [],
    );
  });

  it('suggests a month from the oldest gap, else the month after the last invoice', () => {
    expect(suggestedPeriod([jan, mar], '2024-01-01', '2024-06-30')).toEqual({
      from: '2024-02-01',
      till: '2024-02-29',
    });
    expect(suggestedPeriod([mar], '2023-01-10', '2024-06-30')).toEqual({
      from: '2023-01-10',
      till: '2023-02-09',
    });
    expect(suggestedPeriod([jan], '2024-01-01', '2024-06-30')).toEqual({
      from: '2024-02-01',
      till: '2024-02-29',
    });
    expect(suggestedPeriod([], '2024-05-01', '2024-06-30')).toEqual({
      from: '2024-05-01',
      till: '2024-05-31',
    });
    expect(suggestedPeriod([], null, '2024-06-30')).toBeNull();
  });
});
