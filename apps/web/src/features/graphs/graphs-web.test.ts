import { encodeGraph, type GraphData } from '@verdant/contracts/graphs';
import { describe, expect, it } from 'vitest';
import { definitionOf, emptyGraph, graphFromDefinition, seriesOf } from './builder-state';
import { graphOption } from './graph-option';

const NOW = '2026-11-21';
const series = seriesOf({
  asset: { type: 'site', id: 4, text: 'Head Office' },
  quantity: { type: 'cons', label: 'Energy consumption', unit: 'kWh' },
});

describe('the builder graph', () => {
  it('starts with last year and this year, up to this month', () => {
    expect(emptyGraph(12, NOW)).toMatchObject({ years: [2025, 2026], endMonth: '2026-11', chart: 'yearly' });
    // With a June year end, November 2026 is in the year ending June 2027.
    expect(emptyGraph(6, NOW).years).toEqual([2026, 2027]);
  });

  it('opens a favourite with its years relative to this year, and nothing from text that is not a graph', () => {
    const saved = encodeGraph({
      chart: 'timeseries',
      years: [-2],
      series: [series],
      title: 'Mine',
      legend: 'top',
    });
    expect(graphFromDefinition(saved, 12, NOW)).toMatchObject({
      chart: 'timeseries',
      years: [2024],
      title: 'Mine',
      legend: 'top',
      series: [{ asset: { id: 4 }, presentation: 'normal' }],
    });
    expect(graphFromDefinition('bm90LWEtZ3JhcGg', 12, NOW)).toBeNull();
    expect(graphFromDefinition('%%%', 12, NOW)).toBeNull();
    expect(
      graphFromDefinition(
        encodeGraph({ series: [{ ...series, asset: { ...series.asset, type: 'planet' as 'site' } }] }),
        12,
        NOW,
      ),
    ).toBeNull();
  });

  it('saves years relative to this year', () => {
    const graph = { ...emptyGraph(12, NOW), series: [series] };
    expect(definitionOf(graph, 12, NOW).years).toEqual([-1, 0]);
  });
});

describe('the chart option', () => {
  const data: GraphData = {
    editions: [],
    restatements: [],
    chart: 'yearly',
    period: 'month',
    yearEnd: 12,
    endMonth: '2026-03',
    keys: ['Jan', 'Feb', 'Mar'],
    labels: ['Jan', 'Feb', 'Mar'],
    series: [
      {
        index: 0,
        name: 'Depot - Energy',
        unit: 'kWh',
        kind: 'bar',
        demoted: false,
        presentation: 'normal',
        unavailable: false,
        lines: [
          {
            name: 'Depot - Energy 2026',
            year: 2026,
            unit: 'kWh',
            values: [10, 20, null],
            incomplete: [false, true, false],
            estimated: [true, false, false],
            forecast: [null, null, 25],
          },
        ],
      },
      {
        index: 1,
        name: 'Depot - Cost',
        unit: '$',
        kind: 'line',
        demoted: false,
        presentation: 'normal',
        unavailable: false,
        lines: [
          {
            name: 'Depot - Cost 2026',
            year: 2026,
            unit: '$',
            values: [1, 2, 3],
            incomplete: [false, false, false],
            estimated: [false, false, false],
            forecast: null,
          },
        ],
      },
    ],
  };

  it('gives each unit its axis, marks incomplete and estimated bars, and dashes the forecast from the last figure', () => {
    const option = graphOption(data, { title: 'T', legend: 'right', narrow: false });
    const axes = option.yAxis as { name: string; position: string }[];
    expect(axes.map((a) => [a.name, a.position])).toEqual([
      ['kWh', 'left'],
      ['$', 'right'],
    ]);
    const drawn = option.series as { type: string; name: string; data: unknown[]; yAxisIndex: number }[];
    expect(drawn.map((s) => [s.type, s.name, s.yAxisIndex])).toEqual([
      ['bar', 'Depot - Energy 2026', 0],
      ['line', 'Depot - Energy 2026 forecast', 0],
      ['line', 'Depot - Cost 2026', 1],
    ]);
    expect(drawn[0]?.data[0]).toMatchObject({ value: 10, itemStyle: { decal: expect.any(Object) } });
    expect(drawn[0]?.data[1]).toMatchObject({ value: 20, itemStyle: { opacity: 0.45 } });
    expect(drawn[1]?.data).toEqual([null, 20, 25]);
    expect(option.title).toMatchObject({ text: 'T' });
    expect(option.legend).toMatchObject({ orient: 'vertical', right: 0 });
  });

  it('gives each series its own axis in its colour when asked, so a meter reads beside its site', () => {
    const site = data.series[0];
    if (!site) throw new Error('no series');
    const line = site.lines[0];
    if (!line) throw new Error('no line');
    const meter = {
      ...site,
      index: 2,
      name: 'Meter - Energy',
      lines: [{ ...line, name: 'Meter - Energy 2026', values: [0.01, 0.02, 0.03], forecast: null }],
    };
    const two: GraphData = { ...data, series: [site, meter] };
    // One per unit (the default): both kWh series share the site's axis.
    const shared = graphOption(two, { title: '', legend: 'bottom', narrow: false });
    expect((shared.yAxis as unknown[]).length).toBe(1);
    const own = graphOption(two, { title: '', legend: 'bottom', narrow: false, axes: 'series' });
    const axes = own.yAxis as {
      name: string;
      position: string;
      axisLine: { lineStyle: { color: string } };
    }[];
    expect(axes.map((a) => [a.name, a.position, a.axisLine.lineStyle.color])).toEqual([
      ['kWh', 'left', '#2b8a3e'],
      ['kWh', 'right', '#1971c2'],
    ]);
    const drawn = own.series as { name: string; yAxisIndex: number }[];
    expect(drawn.map((s) => [s.name, s.yAxisIndex])).toEqual([
      ['Depot - Energy 2026', 0],
      ['Depot - Energy 2026 forecast', 0],
      ['Meter - Energy 2026', 1],
    ]);
  });

  it('keeps the axes choice in a favourite, one per unit when a saved graph has none', () => {
    const graph = { ...emptyGraph(12, NOW), series: [series], axes: 'series' as const };
    expect(definitionOf(graph, 12, NOW).axes).toBe('series');
    expect(graphFromDefinition(encodeGraph(definitionOf(graph, 12, NOW)), 12, NOW)?.axes).toBe('series');
    expect(graphFromDefinition(encodeGraph({ series: [series] }), 12, NOW)?.axes).toBe('unit');
  });

  it('puts a side legend below on a narrow screen, and none when asked for none', () => {
    expect(graphOption(data, { title: '', legend: 'left', narrow: true }).legend).toMatchObject({
      bottom: 0,
    });
    expect(graphOption(data, { title: '', legend: 'none', narrow: false }).legend).toEqual({ show: false });
  });
});
