import { describe, expect, it } from 'vitest';
import { baseLoad, baseLoadKw } from './base-load';
import { ctx, inv } from './fixtures';
import type { HalfHourDay } from './types';

const days = (from: number, to: number, month: string, kwh: number): HalfHourDay[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    date: `2026-${month}-${String(from + i).padStart(2, '0')}`,
    kwh: Array.from({ length: 48 }, (_, hh) => (hh < 12 ? kwh : kwh * 4)),
  }));

describe('base load', () => {
  it('is the 5th percentile of half-hour demand', () => {
    // A quarter of the half hours at 1 kWh (2 kW), the rest at 4 kWh (8 kW).
    expect(baseLoadKw(days(1, 2, '01', 1))).toBe(2);
    expect(baseLoadKw([])).toBeNull();
  });
  it('alerts when it rose past the trigger (2 kW to 2.5 kW is 25%)', () => {
    const previous = inv({ dateFrom: '2026-01-01', dateTill: '2026-01-31' });
    const invoice = inv({ dateFrom: '2026-02-01', dateTill: '2026-02-28' });
    const halfHour = [...days(1, 31, '01', 1), ...days(1, 28, '02', 1.25)];
    expect(baseLoad.run(ctx(invoice, { others: [previous], halfHour, baseLoadTrigger: 20 }))?.message).toBe(
      'Base load rose 25.0% to 2.5 kW (was 2.0 kW on the previous invoice)',
    );
    expect(baseLoad.run(ctx(invoice, { others: [previous], halfHour, baseLoadTrigger: 30 }))).toBeNull();
    expect(baseLoad.run(ctx(invoice, { others: [previous], baseLoadTrigger: 20 }))).toBeNull();
  });
});
