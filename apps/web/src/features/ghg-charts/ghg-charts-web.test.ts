import type { GhgChart } from '@verdant/contracts/ghg-charts';
import { describe, expect, it } from 'vitest';
import { chartsFor, completenessText, figuresTable, marks, scopeCompleteness } from './chart-kinds';
import { chartOption } from './chart-options';
import { chartHtml } from './downloads';

const figures = (total: number, complete = true, estimated = false) => ({
  scope1: total,
  scope2: 0,
  scope2Market: 0,
  scope3: 0,
  total,
  market: { certificateKwh: 0, supplierKwh: 0, residualKwh: 0, gridKwh: 0 },
  completeness: { complete, coverage: complete ? 100 : 65, estimated },
});

const chart: GhgChart = {
  from: '2025-01',
  to: '2025-03',
  groupings: [{ id: 1, name: 'Divisions', type: 'site', controlled: true }],
  rows: [
    { ...figures(1980, true, true), group: { id: 2, name: 'Community' } },
    { ...figures(1390, false), group: { id: 3, name: 'Corporate <HQ>' } },
  ],
  totals: figures(3370, false, true),
  pending: 0,
  editions: [],
  restatements: [],
};

describe('the GHG charts on screen', () => {
  it('offers the division charts with one grouping and the last with two', () => {
    expect(chartsFor(0).map((c) => c.kind)).toEqual(['total-pie', 'sources-bar']);
    expect(chartsFor(1)).toHaveLength(5);
    expect(chartsFor(2)).toHaveLength(6);
  });

  it('marks and says how complete each figure is', () => {
    expect(marks({ complete: false, coverage: 65, estimated: true })).toBe(' *†');
    expect(marks({ complete: true, coverage: 100, estimated: false })).toBe('');
    expect(completenessText({ complete: false, coverage: 65, estimated: true })).toBe(
      'Incomplete (65% of days), some estimated',
    );
    // A scope slice is as complete as the rows with a figure in it.
    expect(scopeCompleteness(chart.rows, 'scope1')).toEqual({
      complete: false,
      coverage: 65,
      estimated: true,
    });
  });

  it('tabulates the rows and the total with the groupings as headers', () => {
    const table = figuresTable('division-scope', chart);
    expect(table.headers[0]).toBe('Divisions');
    expect(table.rows[1]).toEqual([
      'Corporate <HQ>',
      '1,390',
      '0',
      '0',
      '0',
      '1,390',
      'Incomplete (65% of days)',
    ]);
    expect(table.rows[2]?.[0]).toBe('Total');
  });

  it('draws the groups as bars with the market-based bar beside, marking incomplete ones', () => {
    const option = chartOption('division-scope', chart, false) as {
      xAxis: { data: string[] };
      series: { name: string }[];
    };
    expect(option.xAxis.data).toEqual(['Community †', 'Corporate <HQ> *']);
    expect(option.series.map((s) => s.name)).toEqual([
      'Scope 1',
      'Scope 2 (location-based)',
      'Scope 3',
      'Scope 2 (market-based)',
    ]);
  });

  it('writes a standalone HTML page with the figures, escaped', () => {
    const html = chartHtml(
      'Emissions By Division By Scope',
      '01/2025 to 03/2025',
      null,
      figuresTable('division-scope', chart),
    );
    expect(html).toContain('<td>Corporate &lt;HQ&gt;</td>');
    expect(html).toContain('<h1>Emissions By Division By Scope</h1>');
    expect(html).not.toContain('<img');
  });
});
