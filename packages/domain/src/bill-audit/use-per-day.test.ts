import { describe, expect, it } from 'vitest';
import { costPerDay } from './cost-per-day';
import { ctx, inv, year } from './fixtures';
import { usePerDay } from './use-per-day';

describe('use and cost per day against last year', () => {
  // Last year: 1,000 kWh and $250 a month; February 2025 has 28 days: 35.71 kWh and $8.93 a day.
  const others = year('2025');
  it('alerts when February use a day is more than 20% up', () => {
    const feb = inv({ dateFrom: '2026-02-01', dateTill: '2026-02-28', consumption: 1250, costCents: 25_000 });
    // 1,250 / 28 = 44.64 a day, 25.0% up.
    expect(usePerDay.run(ctx(feb, { others }))?.message).toBe(
      "Use per day 44.6 kWh is 25.0% above last year's 35.7 kWh a day",
    );
    expect(costPerDay.run(ctx(feb, { others }))).toBeNull();
  });
  it('alerts on cost per day down more than the set-up percentage', () => {
    const feb = inv({ dateFrom: '2026-02-01', dateTill: '2026-02-28', consumption: 1000, costCents: 22_000 });
    // $220 / 28 = $7.86 against $8.93: 12.0% down; the set-up says 10%.
    expect(
      costPerDay.run(ctx(feb, { others, consumptionSetup: { differ: 1, percent: 10, absolute: null } }))
        ?.message,
    ).toBe("Cost per day $7.86 is 12.0% below last year's $8.93 a day");
    expect(costPerDay.run(ctx(feb, { others }))).toBeNull();
  });
  it('needs last year', () => {
    const feb = inv({ dateFrom: '2026-02-01', dateTill: '2026-02-28', consumption: 9000 });
    expect(usePerDay.run(ctx(feb))).toBeNull();
  });
});
