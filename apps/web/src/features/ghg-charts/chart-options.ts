import type { GhgChart, GhgRow } from '@verdant/contracts/ghg-charts';
import type { ChartOption } from '../../components/chart';
import { type ChartKind, kg, MARKET_LABEL, marks, rowLabels, SCOPES, scopeCompleteness } from './chart-kinds';

/**
 * The ECharts option of each GHG chart: pies for shares, stacked bars for splits, scope 2 location-based in the
 * stacks with the market-based figure as a bar beside them. A category built from incomplete months carries
 * '*', one with estimated months '†' (the table under the chart says it in words).
 */

export const SCOPE_COLOURS = { scope1: '#1864ab', scope2: '#2b8a3e', scope3: '#e67700', market: '#8ce99a' };
const PALETTE = [
  '#1864ab',
  '#2b8a3e',
  '#e67700',
  '#862e9c',
  '#c92a2a',
  '#0b7285',
  '#5c940d',
  '#a61e4d',
  '#495057',
];

const tooltip = { valueFormatter: (v: unknown) => kg(Number(v)) };

function pie(
  data: { name: string; value: number; itemStyle?: { color: string } }[],
  narrow: boolean,
): ChartOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', ...tooltip },
    legend: narrow ? { bottom: 0, type: 'scroll' } : { top: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: narrow ? ['32%', '62%'] : ['35%', '68%'],
        center: narrow ? ['50%', '45%'] : ['50%', '55%'],
        data: data.filter((d) => d.value > 0),
        // On a phone the shares go inside the ring (small ones left to the table), the names in the legend.
        label: narrow
          ? { position: 'inside', formatter: '{d}%', color: '#fff', fontSize: 11 }
          : { formatter: '{b}: {d}%' },
        minShowLabelAngle: narrow ? 18 : 0,
      },
    ],
  };
}

function bars(
  categories: string[],
  series: { name: string; data: number[]; stack?: string; color?: string }[],
  narrow: boolean,
): ChartOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, ...tooltip },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: narrow ? 60 : 44, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: {
        interval: 0,
        rotate: narrow || categories.length > 4 ? 35 : 0,
        width: 140,
        overflow: 'truncate',
      },
    },
    yAxis: { type: 'value', name: 'kg CO2e', nameTextStyle: { align: 'left' } },
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      data: s.data,
      stack: s.stack,
      barMaxWidth: 48,
      ...(s.color ? { itemStyle: { color: s.color } } : {}),
    })),
  };
}

const label = (kind: ChartKind, r: GhgRow) => `${rowLabels(kind, r).join(' · ')}${marks(r.completeness)}`;

/** Scope stacks per row plus the market-based bar beside them. */
function scopeBars(kind: ChartKind, rows: GhgRow[], narrow: boolean) {
  return bars(
    rows.map((r) => label(kind, r)),
    [
      ...SCOPES.map((s) => ({
        name: s.label,
        data: rows.map((r) => r[s.key]),
        stack: 'location',
        color: SCOPE_COLOURS[s.key],
      })),
      { name: MARKET_LABEL, data: rows.map((r) => r.scope2Market), color: SCOPE_COLOURS.market },
    ],
    narrow,
  );
}

/** Rows put in bars by one key (with the marks of all their rows) and stacked by another. */
function splitBars(
  rows: GhgRow[],
  barOf: (r: GhgRow) => string,
  stackOf: (r: GhgRow) => string,
  narrow: boolean,
) {
  const buckets = unique(rows.map(barOf)).map((bar) => {
    const parts = rows.filter((r) => barOf(r) === bar);
    const complete = parts.every((r) => r.completeness.complete);
    const estimated = parts.some((r) => r.completeness.estimated);
    return { label: `${bar}${marks({ complete, coverage: 0, estimated })}`, parts };
  });
  return bars(
    buckets.map((b) => b.label),
    unique(rows.map(stackOf)).map((name) => ({
      name,
      stack: 'total',
      data: buckets.map((b) => b.parts.find((r) => stackOf(r) === name)?.total ?? 0),
    })),
    narrow,
  );
}

const unique = (list: string[]) => [...new Set(list)];

export function chartOption(kind: ChartKind, chart: GhgChart, narrow: boolean): ChartOption {
  const rows = chart.rows;
  switch (kind) {
    case 'total-pie':
      return pie(
        SCOPES.map((s) => ({
          name: `${s.label}${marks(scopeCompleteness(rows, s.key))}`,
          value: chart.totals[s.key],
          itemStyle: { color: SCOPE_COLOURS[s.key] },
        })),
        narrow,
      );
    case 'division-pie':
      return pie(
        rows.map((r) => ({ name: label(kind, r), value: r.total })),
        narrow,
      );
    case 'sources-bar':
    case 'division-scope':
      return scopeBars(kind, rows, narrow);
    case 'activity':
      // One bar per activity, stacked by group.
      return splitBars(
        rows,
        (r) => r.activity?.name ?? '',
        (r) => r.group?.name ?? '',
        narrow,
      );
    case 'division-activity':
      // One bar per pair of groups, stacked by activity.
      return splitBars(
        rows,
        (r) => `${r.group?.name} · ${r.secondGroup?.name}`,
        (r) => r.activity?.name ?? '',
        narrow,
      );
  }
}
