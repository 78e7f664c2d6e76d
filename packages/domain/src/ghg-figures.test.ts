import { describe, expect, it } from 'vitest';
import { addSums, bucketSums, figuresOf, lastCompleteReportingYear, zeroSums } from './ghg-figures';

const sums = (over: Partial<ReturnType<typeof zeroSums>>) => ({ ...zeroSums(), ...over });

describe('GHG chart figures', () => {
  it('rounds to whole kg and totals scope 1, scope 2 location-based and scope 3', () => {
    // 100.4 + 200.4 + 0.4 = 301.2: the total rounds to 301 though the rounded scopes add to 300.
    const f = figuresOf(
      sums({
        scope1: 100.4,
        scope2: 200.4,
        scope2Market: 250.5,
        scope3: 0.4,
        daysOpen: 31,
        daysFactored: 31,
      }),
    );
    expect([f.scope1, f.scope2, f.scope2Market, f.scope3, f.total]).toEqual([100, 200, 251, 0, 301]);
    expect(f.completeness).toEqual({ complete: true, coverage: 100, estimated: false });
  });

  it('says how complete an incomplete slice is, and never 100% when it is not', () => {
    // 30 of 31 days: 96.77% rounds down to 96. 3099 of 3100 days: 99.97% shows as 99.
    expect(figuresOf(sums({ daysOpen: 31, daysFactored: 30, incomplete: true })).completeness).toEqual({
      complete: false,
      coverage: 96,
      estimated: false,
    });
    expect(
      figuresOf(sums({ daysOpen: 3100, daysFactored: 3099, incomplete: true })).completeness.coverage,
    ).toBe(99);
    expect(figuresOf(sums({ estimated: true })).completeness.estimated).toBe(true);
  });

  it('adds sums and keeps a flag set in either', () => {
    const a = sums({ scope1: 1, certificateKwh: 10, daysOpen: 30, daysFactored: 30 });
    addSums(a, sums({ scope1: 2, certificateKwh: 5, daysOpen: 31, daysFactored: 0, incomplete: true }));
    expect(a).toMatchObject({
      scope1: 3,
      certificateKwh: 15,
      daysOpen: 61,
      daysFactored: 30,
      incomplete: true,
    });
  });

  it('puts a row in every bucket it belongs to', () => {
    // Meter 1 is in groups A and B (an uncontrolled grouping), meter 2 in none.
    const rows = [
      { meter: 1, s: sums({ scope2: 10 }) },
      { meter: 2, s: sums({ scope2: 5 }) },
    ];
    const buckets = bucketSums(
      rows,
      (r) => r.s,
      (r) => (r.meter === 1 ? ['A', 'B'] : ['none']),
      (k) => k,
    );
    expect([...buckets.values()].map((b) => [b.key, b.sums.scope2])).toEqual([
      ['A', 10],
      ['B', 10],
      ['none', 5],
    ]);
  });

  it('finds the last complete reporting year', () => {
    expect(lastCompleteReportingYear('2026-10-01', 12)).toEqual({ from: '2025-01-01', till: '2025-12-01' });
    expect(lastCompleteReportingYear('2026-12-01', 12)).toEqual({ from: '2026-01-01', till: '2026-12-01' });
    expect(lastCompleteReportingYear('2026-10-01', 6)).toEqual({ from: '2025-07-01', till: '2026-06-01' });
    expect(lastCompleteReportingYear('2026-02-01', 3)).toEqual({ from: '2024-04-01', till: '2025-03-01' });
  });
});
