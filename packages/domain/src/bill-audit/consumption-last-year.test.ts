import { describe, expect, it } from 'vitest';
import { consumptionLastYear, tripsConsumptionSetup } from './consumption-last-year';
import { ctx, inv, year } from './fixtures';

const march = (consumption: number) => inv({ dateFrom: '2026-03-01', dateTill: '2026-03-31', consumption });

describe('consumption against the same period last year', () => {
  it('alerts on 1,200 against 1,000 with greater than 10% (20% up)', () => {
    const c = ctx(march(1200), {
      others: year('2025'),
      consumptionSetup: { differ: 1, percent: 10, absolute: null },
    });
    expect(consumptionLastYear.run(c)?.message).toBe(
      'Consumption 1,200 kWh is 200 kWh (20.0%) above the same period last year (1,000 kWh)',
    );
  });
  it('stays quiet within the percentage, in the other direction, or without a set-up', () => {
    const others = year('2025');
    expect(
      consumptionLastYear.run(
        ctx(march(1050), { others, consumptionSetup: { differ: 1, percent: 10, absolute: null } }),
      ),
    ).toBeNull();
    expect(
      consumptionLastYear.run(
        ctx(march(700), { others, consumptionSetup: { differ: 1, percent: 10, absolute: null } }),
      ),
    ).toBeNull();
    expect(consumptionLastYear.run(ctx(march(1200), { others }))).toBeNull();
  });
  it('alerts on less than and different, and prorates last year by day', () => {
    const others = year('2025');
    expect(
      consumptionLastYear.run(
        ctx(march(700), { others, consumptionSetup: { differ: 2, percent: 10, absolute: null } }),
      )?.message,
    ).toContain('below');
    // 15 March to 14 April last year: 17/31 of March + 14/30 of April = 548.39 + 466.67 = 1,015.05.
    const mid = inv({ dateFrom: '2026-03-15', dateTill: '2026-04-14', consumption: 1200 });
    expect(
      consumptionLastYear.run(
        ctx(mid, { others, consumptionSetup: { differ: 3, percent: 15, absolute: null } }),
      )?.message,
    ).toContain('(1,015 kWh)');
  });
  it('needs both thresholds when both are set, and 90% of last year covered', () => {
    const setup = { differ: 3, percent: 10, absolute: 500 };
    expect(tripsConsumptionSetup(setup, 1000, 1200)).toBe(false); // 20% but only 200 units
    expect(tripsConsumptionSetup(setup, 1000, 1600)).toBe(true);
    expect(
      consumptionLastYear.run(
        ctx(march(5000), { others: year('2025').slice(0, 2), consumptionSetup: setup }),
      ),
    ).toBeNull();
  });
});
