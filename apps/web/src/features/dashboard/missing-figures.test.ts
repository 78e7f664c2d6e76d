import type { MonthlySavings, YearlyComparison } from '@verdant/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { comparisonBars, comparisonFigure, comparisonTooltip, missingNote } from './comparison-chart';
import { hasFigures, noTrendSentence, savingsTrend } from './dashboard-figures';

/*
 * A lived month without a figure is missing, not 0 (docs/decisions/dashboard.md, A lived month without a figure is
 * missing). The demo data has none, so these cases stand in for the screen: Feb 2026 has no figure of its own,
 * Jan 2025 (Jan 2026's year-earlier month) has none, and Mar 2026 is still to come.
 */
const comparison: YearlyComparison = {
  months: ['2026-01', '2026-02', '2026-03'],
  data: [
    [1500, 0, 0],
    [0, 2800, 2400],
  ],
  seriesLabels: ['2026', '2025'],
  unit: 'kWh',
  incompleteMonths: [],
  futureMonths: ['2026-03'],
  missingMonths: [['2026-02'], ['2026-01']],
  editions: [],
  basis: 'restated',
  restatements: [],
};

describe('a month without a figure in the 12 month comparison', () => {
  it('draws no bar for it, as for a month still to come', () => {
    expect(comparisonBars(comparison).values).toEqual([
      [1500, null, null],
      [null, 2800, 2400],
    ]);
  });

  it('says "No figures" in the tooltip and the table, not 0 kWh', () => {
    expect(comparisonTooltip(comparison, 0).rows).toEqual([
      { series: 0, label: 'Jan 2026', value: '1,500 kWh' },
      { series: 1, label: 'Jan 2025', value: 'No figures' },
    ]);
    expect(comparisonTooltip(comparison, 1).rows).toEqual([
      { series: 0, label: 'Feb 2026', value: 'No figures' },
      { series: 1, label: 'Feb 2025', value: '2,800 kWh' },
    ]);
    expect(comparisonFigure(comparison, 0, 1)).toBe('No figures');
    expect(comparisonFigure(comparison, 1, 1)).toBe('2,800 kWh');
  });

  it('names the months without figures under the chart, each with its own year; counts more than three', () => {
    expect(missingNote(comparison)).toBe('No figures: Feb 2026, Jan 2025');
    expect(missingNote({ ...comparison, missingMonths: [[], []] })).toBeNull();
    const many = {
      ...comparison,
      missingMonths: [
        ['2026-01', '2026-02'],
        ['2026-01', '2026-02'],
      ] as [string[], string[]],
    };
    // 2 + 2 of 3 months x 2 series.
    expect(missingNote(many)).toBe('No figures for 4 of the 6 months shown');
  });

  it('still has figures when a lived month is missing and others are not', () => {
    expect(hasFigures(comparison)).toBe(true);
  });
});

describe('monthly savings with a month without a figure', () => {
  const savings: MonthlySavings = {
    cons1: 0,
    cons2: 5100,
    month: 10,
    year1: 2026,
    year2: 2025,
    unit: 'kWh',
    incomplete: false,
    missing: { recent: true, earlier: false },
    editions: [],
    basis: 'restated',
    restatements: [],
  };

  it('shows no trend, never a green saving for a missing last month', () => {
    expect(savingsTrend(savings)).toBeNull();
    expect(noTrendSentence(savings, 'cons')).toBe(
      'No consumption figures for Oct 2026: nothing to compare with Oct 2025.',
    );
  });

  it('shows no trend, never a red increase, when the year before is missing', () => {
    const earlier = { ...savings, cons1: 4980, cons2: 0, missing: { recent: false, earlier: true } };
    expect(savingsTrend(earlier)).toBeNull();
    expect(noTrendSentence(earlier, 'cost')).toBe(
      'No cost figures for Oct 2025: nothing to compare Oct 2026 with.',
    );
  });

  it('names both months when neither has a figure', () => {
    const neither = { ...savings, cons1: 0, cons2: 0, missing: { recent: true, earlier: true } };
    expect(savingsTrend(neither)).toBeNull();
    expect(noTrendSentence(neither, 'co2e')).toBe('No emissions figures for Oct 2026 or Oct 2025.');
  });

  it('keeps a real 0 against a figure as a saving: present, not missing', () => {
    expect(savingsTrend({ ...savings, missing: { recent: false, earlier: false } })).toBe('down');
  });
});
