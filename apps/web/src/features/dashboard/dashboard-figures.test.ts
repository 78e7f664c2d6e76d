import type { YearlyComparison } from '@verdant/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { comparisonAxis, comparisonBars, comparisonTooltip } from './comparison-chart';
import { basisSentence, hasFigures, restatementText, savingsTrend } from './dashboard-figures';

const comparison: YearlyComparison = {
  months: ['2025-11', '2025-12', '2026-01'],
  data: [
    [1500, 0, 25_000],
    [3000, 2800, 24_000],
  ],
  seriesLabels: ['Nov 2025 - Oct 2026', 'Nov 2024 - Oct 2025'],
  unit: 'kWh',
  incompleteMonths: ['2025-11'],
  futureMonths: [],
  missingMonths: [[], []],
  editions: [],
  basis: 'restated',
  restatements: [],
};

const none = { recent: false, earlier: false };

describe('savingsTrend', () => {
  it('is down (green) when last month is lower than a year earlier', () => {
    expect(savingsTrend({ cons1: 4980, cons2: 5100, missing: none })).toBe('down');
    expect(savingsTrend({ cons1: 0, cons2: 5100, missing: none })).toBe('down');
  });

  it('is up (red) otherwise, equal months included', () => {
    expect(savingsTrend({ cons1: 5100, cons2: 4980, missing: none })).toBe('up');
    expect(savingsTrend({ cons1: 5100, cons2: 5100, missing: none })).toBe('up');
    expect(savingsTrend({ cons1: 10, cons2: 0, missing: none })).toBe('up');
  });

  it('is nothing when both months are 0', () => {
    expect(savingsTrend({ cons1: 0, cons2: 0, missing: none })).toBeNull();
  });
});

describe('hasFigures', () => {
  it('finds a figure in either series', () => {
    expect(hasFigures(comparison)).toBe(true);
    expect(
      hasFigures({
        ...comparison,
        data: [
          [0, 0, 0],
          [0, 5, 0],
        ],
      }),
    ).toBe(true);
  });

  it('is false when both series are all zero', () => {
    expect(
      hasFigures({
        ...comparison,
        data: [
          [0, 0, 0],
          [0, 0, 0],
        ],
      }),
    ).toBe(false);
  });
});

describe('comparisonBars and comparisonTooltip', () => {
  const bars = comparisonBars(comparison);

  it('labels months as "Nov 2025", the incomplete ones marked', () => {
    expect(bars.categories).toEqual([
      { label: 'Nov 2025', marked: true },
      { label: 'Dec 2025', marked: false },
      { label: 'Jan 2026', marked: false },
    ]);
  });

  it('draws both series as the answer gives them', () => {
    expect(bars.values).toEqual([
      [1500, 0, 25_000],
      [3000, 2800, 24_000],
    ]);
  });

  it('scales the whole axis from its largest figure', () => {
    expect(comparisonAxis(comparison).unit).toBe('MWh');
    expect(bars.format(20_000)).toBe('20');
    expect(bars.format(2_500)).toBe('2.5');
  });

  it('explains incomplete months in the tooltip, with both months named and figures scaled', () => {
    expect(comparisonTooltip(comparison, 0)).toEqual({
      rows: [
        { series: 0, label: 'Nov 2025', value: '1,500 kWh' },
        { series: 1, label: 'Nov 2024', value: '3,000 kWh' },
      ],
      incomplete: true,
    });
    expect(comparisonTooltip(comparison, 2)).toEqual({
      rows: [
        { series: 0, label: 'Jan 2026', value: '25 MWh' },
        { series: 1, label: 'Jan 2025', value: '24 MWh' },
      ],
      incomplete: false,
    });
  });

  it('leaves months still to come without a bar rather than drawing zero', () => {
    const future = { ...comparison, futureMonths: ['2026-01'] };
    expect(comparisonBars(future).values).toEqual([
      [1500, 0, null],
      [3000, 2800, 24_000],
    ]);
    expect(comparisonTooltip(future, 2).rows).toEqual([{ series: 1, label: 'Jan 2025', value: '24 MWh' }]);
  });

  it('shows money on the axis with the dollar sign', () => {
    expect(comparisonBars({ ...comparison, unit: '$' }).format(25_000)).toBe('$25,000');
  });
});

describe('restated or as originally reported, in words', () => {
  const published = {
    id: 1,
    date: '2026-11-28',
    editionBefore: 'MfE 2026',
    editionAfter: 'MfE 2027',
    years: ['2025'],
  };
  const chosen = {
    id: 2,
    date: '2026-12-02',
    editionBefore: null,
    editionAfter: null,
    years: ['2026', '2025'],
  };

  it('names the day and the editions a restatement swapped', () => {
    expect(restatementText(published)).toBe('28/11/2026 (MfE 2026 → MfE 2027)');
    expect(restatementText({ ...published, editionBefore: null })).toBe('28/11/2026 (to MfE 2027)');
    expect(restatementText(chosen)).toBe('02/12/2026 (a change of the editions chosen)');
  });

  it('says which years each choice shows and how', () => {
    expect(basisSentence('original', [published])).toBe(
      'As originally reported: the kg CO2e of 2025 as they stood before the restatement of 28/11/2026 (MfE 2026 → MfE 2027) replaced them.',
    );
    expect(basisSentence('restated', [published, chosen])).toBe(
      'Restated: the kg CO2e of 2025 and 2026 as the restatements of 28/11/2026 (MfE 2026 → MfE 2027) and 02/12/2026 (a change of the editions chosen) left them.',
    );
  });
});
