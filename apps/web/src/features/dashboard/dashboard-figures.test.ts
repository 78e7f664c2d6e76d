import type { YearlyComparison } from '@verdant/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { comparisonAxis, comparisonChartOption } from './comparison-chart';
import { hasFigures, savingsTrend } from './dashboard-figures';

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
};
const colours = { recent: '#0f9664', earlier: '#ced4da', incomplete: '#d9480f' };

describe('savingsTrend', () => {
  it('is down (green) when last month is lower than a year earlier', () => {
    expect(savingsTrend({ cons1: 4980, cons2: 5100 })).toBe('down');
    expect(savingsTrend({ cons1: 0, cons2: 5100 })).toBe('down');
  });

  it('is up (red) otherwise, equal months included', () => {
    expect(savingsTrend({ cons1: 5100, cons2: 4980 })).toBe('up');
    expect(savingsTrend({ cons1: 5100, cons2: 5100 })).toBe('up');
    expect(savingsTrend({ cons1: 10, cons2: 0 })).toBe('up');
  });

  it('is nothing when neither month has a figure', () => {
    expect(savingsTrend({ cons1: 0, cons2: 0 })).toBeNull();
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

describe('comparisonChartOption', () => {
  const option = comparisonChartOption(comparison, colours);
  const xAxis = option.xAxis as { data: unknown[] };
  const yAxis = option.yAxis as { axisLabel: { formatter: (v: number) => string } };
  const series = option.series as { name: string; data: unknown[] }[];

  it('labels months as "Nov 25", the incomplete ones coloured', () => {
    expect(xAxis.data).toEqual([
      { value: 'Nov 25', textStyle: { color: colours.incomplete } },
      'Dec 25',
      'Jan 26',
    ]);
  });

  it('names the series after the answer and hatches incomplete bars only', () => {
    expect(series.map((s) => s.name)).toEqual(['Nov 2025 - Oct 2026', 'Nov 2024 - Oct 2025']);
    expect(series[0]?.data[0]).toMatchObject({
      value: 1500,
      label: { show: true, formatter: '*' },
      itemStyle: { decal: { symbol: 'rect' } },
    });
    expect(series[0]?.data.slice(1)).toEqual([0, 25_000]);
    expect(series[1]?.data).toEqual([3000, 2800, 24_000]);
  });

  it('scales the whole axis from its largest figure', () => {
    expect(comparisonAxis(comparison).unit).toBe('MWh');
    expect(yAxis.axisLabel.formatter(20_000)).toBe('20');
    expect(yAxis.axisLabel.formatter(2_500)).toBe('2.5');
  });

  it('explains incomplete months in the tooltip, with both months named and figures scaled', () => {
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    const row = (seriesIndex: number, value: number, dataIndex = 0) => ({
      seriesIndex,
      value,
      dataIndex,
      marker: '',
    });
    const first = tooltip.formatter([row(0, 1500), row(1, 3000)]);
    expect(first).toContain('November 2025: <b>1,500 kWh</b>');
    expect(first).toContain('November 2024: <b>3,000 kWh</b>');
    expect(first).toContain('Data for this month is incomplete');
    const third = tooltip.formatter([row(0, 25_000, 2), row(1, 24_000, 2)]);
    expect(third).toContain('January 2026: <b>25 MWh</b>');
    expect(third).not.toContain('incomplete');
  });

  it('leaves months still to come empty rather than drawing zero bars', () => {
    const future = comparisonChartOption({ ...comparison, futureMonths: ['2026-01'] }, colours);
    const bars = future.series as { data: unknown[] }[];
    expect(bars[0]?.data[2]).toBe('-');
    expect(bars[1]?.data[2]).toBe(24_000);
    const tooltip = future.tooltip as { formatter: (p: unknown) => string };
    const text = tooltip.formatter([
      { seriesIndex: 0, value: '-', dataIndex: 2, marker: '' },
      { seriesIndex: 1, value: 24_000, dataIndex: 2, marker: '' },
    ]);
    expect(text).not.toContain('January 2026');
    expect(text).toContain('January 2025: <b>24 MWh</b>');
  });

  it('shows money on the axis with the dollar sign', () => {
    const money = comparisonChartOption({ ...comparison, unit: '$' }, colours);
    const axis = money.yAxis as { axisLabel: { formatter: (v: number) => string } };
    expect(axis.axisLabel.formatter(25_000)).toBe('$25,000');
  });
});
