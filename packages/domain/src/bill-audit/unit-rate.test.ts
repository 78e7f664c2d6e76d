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
const setup = (relative: number | null, rate: number | null, absolute: number | null = null) => ({
  relative,
  rate,
  absolute,
});

describe('unit rate against the previous invoice', () => {
  it('alerts on a relative change past the set-up (25 c to 28 c is 12%, worth $30 over 1,000 kWh)', () => {
    expect(
      unitRateAudit.run(ctx(now(28_000), { others: [previous], tariffSetup: setup(10, null) }))?.message,
    ).toBe("Unit rate 28.00 c/kWh is 12.0% up on the previous invoice's 25.00 c ($30.00 over this invoice)");
  });
  it('alerts on a change in cents a unit', () => {
    expect(
      unitRateAudit.run(ctx(now(23_000), { others: [previous], tariffSetup: setup(null, 1.5) }))?.message,
    ).toBe(
      "Unit rate 23.00 c/kWh is 2.00 c down on the previous invoice's 25.00 c ($20.00 over this invoice)",
    );
  });
  it('stays quiet when the change is worth no more than the absolute dollars, inside the set-up, or without one', () => {
    expect(
      unitRateAudit.run(ctx(now(28_000), { others: [previous], tariffSetup: setup(10, null, 30) })),
    ).toBeNull();
    expect(
      unitRateAudit.run(ctx(now(28_000), { others: [previous], tariffSetup: setup(10, null, 29) })),
    ).not.toBeNull();
    expect(unitRateAudit.run(ctx(now(26_000), { others: [previous], tariffSetup: setup(10, 2) }))).toBeNull();
    expect(unitRateAudit.run(ctx(now(90_000), { others: [previous] }))).toBeNull();
    expect(unitRateAudit.run(ctx(now(90_000), { tariffSetup: setup(10, 2) }))).toBeNull();
  });
});
