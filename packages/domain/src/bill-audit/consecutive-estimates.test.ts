import { describe, expect, it } from 'vitest';
import { consecutiveEstimates } from './consecutive-estimates';
import { ctx, inv, year } from './fixtures';
import { nilConsumption } from './nil-consumption';

describe('consecutive estimated reads and nil consumption', () => {
  const months = year('2026');
  const e = (i: number) => ({ ...months[i], readType: 'estimated' as const }) as (typeof months)[number];
  it('counts estimates in a row ending with this invoice', () => {
    const others = [months[0], e(1), e(2)].filter((x) => x !== undefined);
    const organisation = { estimatesAlertCount: 3, nillConsumptionAlertCount: null };
    expect(consecutiveEstimates.run(ctx(e(3), { others, organisation }))?.message).toBe(
      '3 estimated reads in a row (since 01/02/2026)',
    );
    expect(
      consecutiveEstimates.run(
        ctx(e(3), { others, organisation: { ...organisation, estimatesAlertCount: 4 } }),
      ),
    ).toBeNull();
    expect(consecutiveEstimates.run(ctx(months[3] ?? e(3), { others, organisation }))).toBeNull();
  });
  it('counts nil consumption in a row', () => {
    const zero = (i: number) => ({ ...(months[i] ?? e(0)), consumption: 0 });
    const organisation = { estimatesAlertCount: null, nillConsumptionAlertCount: 2 };
    expect(
      nilConsumption.run(ctx(zero(5), { others: [zero(4), months[3] ?? e(0)], organisation }))?.message,
    ).toBe('2 invoices in a row with nil consumption (since 01/05/2026)');
    expect(nilConsumption.run(ctx(zero(5), { others: [months[4] ?? e(0)], organisation }))).toBeNull();
    expect(
      nilConsumption.run(ctx(inv({ dateFrom: '2026-09-01', dateTill: '2026-09-30' }), { organisation })),
    ).toBeNull();
  });
});
