import { describe, expect, it } from 'vitest';
import { ctx, inv } from './fixtures';
import { unitRateAudit } from './unit-rate';

const previous = inv({
  dateFrom: '2026-01-01',
  dateTill: '2026-01-31',
  consumption: 1000,
  costCents: 25_000,
}); // 25 c
const now = (costCents: number) =>
  inv({ dateFrom: '2026-02-01', dateTill: '2026-02-28', consumption: 1000, costCents });

describe('unit rate against the previous invoice', () => {
  it('alerts on a relative change past the set-up (25 c to 28 c is 12%)', () => {
    const c = ctx(now(28_000), {
      others: [previous],
      tariffSetup: { relative: 10, absolute: null, rate: null },
    });
    expect(unitRateAudit.run(c)?.message).toBe(
      'Unit rate 28.00 c/kWh (was 25.00 c) is 12.0% up on the previous invoice',
    );
  });
  it('alerts on an absolute change and on a rate limit', () => {
    expect(
      unitRateAudit.run(
        ctx(now(23_000), { others: [previous], tariffSetup: { relative: null, absolute: 1.5, rate: null } }),
      )?.message,
    ).toBe('Unit rate 23.00 c/kWh (was 25.00 c) is 2.00 c down on the previous invoice');
    expect(
      unitRateAudit.run(
        ctx(now(26_000), { others: [previous], tariffSetup: { relative: null, absolute: null, rate: 25.5 } }),
      )?.message,
    ).toContain('above the 25.50 c limit');
  });
  it('stays quiet inside the set-up or without one', () => {
    expect(
      unitRateAudit.run(
        ctx(now(26_000), { others: [previous], tariffSetup: { relative: 10, absolute: 2, rate: 30 } }),
      ),
    ).toBeNull();
    expect(unitRateAudit.run(ctx(now(90_000), { others: [previous] }))).toBeNull();
  });
});
