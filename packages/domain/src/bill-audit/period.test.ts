import { describe, expect, it } from 'vitest';
import { dueDate } from './due-date';
import { ctx, inv, year } from './fixtures';
import { gapBefore } from './gap-before';
import { negativeConsumption } from './negative-consumption';
import { periodLength } from './period-length';

describe('periods and dates', () => {
  it('names the days not invoiced before this invoice', () => {
    const jan = inv({ dateFrom: '2026-01-01', dateTill: '2026-01-31' });
    const mar = inv({ dateFrom: '2026-03-01', dateTill: '2026-03-31' });
    expect(gapBefore.run(ctx(mar, { others: [jan] }))?.message).toBe(
      '28 days not invoiced before this invoice (01/02/2026 to 28/02/2026)',
    );
    const feb = inv({ dateFrom: '2026-02-01', dateTill: '2026-02-28' });
    expect(gapBefore.run(ctx(feb, { others: [jan] }))).toBeNull();
    expect(gapBefore.run(ctx(jan))).toBeNull();
  });
  it('flags a period under half or over 1.5 times the median', () => {
    const others = year('2025'); // median 31 days
    expect(
      periodLength.run(ctx(inv({ dateFrom: '2026-01-01', dateTill: '2026-01-10' }), { others }))?.message,
    ).toBe('Period of 10 days is unusually short (usually 31 days)');
    expect(
      periodLength.run(ctx(inv({ dateFrom: '2026-01-01', dateTill: '2026-02-28' }), { others }))?.message,
    ).toContain('long');
    expect(
      periodLength.run(ctx(inv({ dateFrom: '2026-01-01', dateTill: '2026-01-20' }), { others })),
    ).toBeNull();
  });
  it('flags a due date before the invoice date', () => {
    const i = inv({
      dateFrom: '2026-01-01',
      dateTill: '2026-01-31',
      invoiceDate: '2026-02-05',
      dateDue: '2026-02-01',
    });
    expect(dueDate.run(ctx(i))?.message).toBe('Due date 01/02/2026 is before the invoice date 05/02/2026');
    expect(dueDate.run(ctx({ ...i, dateDue: '2026-02-20' }))).toBeNull();
  });
  it('flags negative consumption unless the meter exports', () => {
    const i = inv({ dateFrom: '2026-01-01', dateTill: '2026-01-31', consumption: -120 });
    expect(negativeConsumption.run(ctx(i))?.message).toBe(
      'Negative consumption -120 kWh on a data source without export',
    );
    expect(negativeConsumption.run(ctx(i, { meter: { hasExport: true, unit: 'kWh' } }))).toBeNull();
  });
});
