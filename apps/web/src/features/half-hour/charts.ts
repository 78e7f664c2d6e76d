import type { HalfHourMonth, HalfHourRecord } from '@verdant/contracts/half-hour';
import { POWER_FACTOR_TICKS } from '@verdant/domain/constants';
import { formatDisplayDate } from '@verdant/domain/dates';
import { formatNumber } from '@verdant/domain/unit-scaling';
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type ChartOption, registerChartParts } from '../../components/chart';

// The half-hour charts draw lines, scatter, bars and pies (components/chart.tsx registers only the renderer).
registerChartParts([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
]);

/** Colours of the half-hour charts: readings, estimated or substituted ones, and the two averages. */
export const COLOURS = { reading: '#0b7285', estimated: '#d9480f', weekday: '#5f3dc4', weekend: '#2b8a3e' };
const ESTIMATED = new Set(['E', 'S', 'F', 'V']);
export const isEstimated = (r: HalfHourRecord) => ESTIMATED.has(r.quality);

export const QUALITY_LABELS: Record<string, string> = {
  A: 'Actual',
  D: 'Derived (an hourly reading split evenly in two)',
  E: 'Estimated',
  S: 'Substituted',
  F: 'Final substituted',
  V: 'Variable',
  ' ': 'Missing',
};

/** Demand of a half hour: kWh over half an hour (kVAr for a kVArh register). */
const demand = (r: HalfHourRecord) => (r.kwh === null ? null : r.kwh * 2);

const changeoverLabel = (c: 'start' | 'end') =>
  c === 'start' ? 'Daylight saving starts' : 'Daylight saving ends';

/**
 * The frame every half-hour chart shares: no animation (a month is about 1,488 points), room for labels. A chart
 * with a legend on top leaves LEGEND_ROOM above its grid, so the y axis's name sits below the legend even where
 * the legend spans the width (390 px).
 */
const LEGEND_ROOM = 52;
const frame = (top: number) => ({
  animation: false,
  grid: {
    left: 4,
    right: 12,
    top,
    bottom: 4,
    outerBoundsMode: 'same' as const,
    outerBoundsContain: 'axisLabel' as const,
  },
});

const missingOr = (format: (v: number) => string) => (v: unknown) =>
  v === null || v === undefined ? 'missing' : format(Number(v));

/** The month's half hours along the x axis, a tick and a date at each local midnight. */
function monthAxis(data: HalfHourMonth) {
  const midnight = (i: number) => data.records[i]?.time === '00:00';
  return {
    type: 'category' as const,
    data: data.records.map((r) => `${formatDisplayDate(r.date).slice(0, 5)} ${r.time}`),
    axisLabel: { interval: midnight, formatter: (v: string) => v.slice(0, 5), hideOverlap: true },
    axisTick: { interval: midnight },
  };
}

/**
 * The month's trace: every half hour's demand on the local clock, missing ones as gaps, estimated and
 * substituted ones marked, and the daylight-saving changeover days marked. Drawn without animation: a month is
 * about 1,488 points.
 */
export function traceOption(data: HalfHourMonth, demandUnit: string): ChartOption {
  const changeovers = data.days.flatMap((d) => {
    const at = data.records.findIndex((r) => r.date === d.date);
    return d.changeover && at >= 0 ? [{ xAxis: at, name: changeoverLabel(d.changeover) }] : [];
  });
  return {
    ...frame(LEGEND_ROOM),
    color: [COLOURS.reading, COLOURS.estimated],
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: missingOr((v) => `${formatNumber(v)} ${demandUnit}`) },
    xAxis: monthAxis(data),
    yAxis: { type: 'value', name: demandUnit, axisLabel: { formatter: (v: number) => formatNumber(v) } },
    series: [
      {
        name: `Demand (${demandUnit})`,
        type: 'line',
        data: data.records.map(demand),
        showSymbol: false,
        connectNulls: false,
        lineStyle: { width: 1 },
        markLine: {
          symbol: 'none',
          silent: true,
          lineStyle: { color: '#495057', type: 'dashed' },
          label: { formatter: '{b}', position: 'insideEndTop' },
          data: changeovers,
        },
      },
      {
        name: 'Estimated or substituted',
        type: 'scatter',
        symbolSize: 4,
        data: data.records.map((r) => (isEstimated(r) ? demand(r) : null)),
      },
    ],
  };
}

/** Power factor over the month, ticks at 0.9 and 1 (data-portal 9). */
export function powerFactorOption(data: HalfHourMonth): ChartOption {
  const values = data.records.map((r) => r.pf);
  const lowest = Math.min(0.9, ...values.filter((v): v is number => v !== null));
  return {
    ...frame(16),
    color: [COLOURS.reading],
    tooltip: { trigger: 'axis', valueFormatter: missingOr((v) => v.toFixed(3)) },
    xAxis: monthAxis(data),
    yAxis: {
      type: 'value',
      min: Math.floor(lowest * 20) / 20,
      max: 1,
      axisLabel: { customValues: [...POWER_FACTOR_TICKS], formatter: (v: number) => String(v) },
      axisTick: { customValues: [...POWER_FACTOR_TICKS] },
      splitLine: { show: false },
    },
    series: [
      {
        name: 'Power factor',
        type: 'line',
        data: values,
        showSymbol: false,
        connectNulls: false,
        lineStyle: { width: 1 },
        markLine: {
          symbol: 'none',
          silent: true,
          label: { show: false },
          lineStyle: { color: '#adb5bd', type: 'dashed' },
          data: POWER_FACTOR_TICKS.map((yAxis) => ({ yAxis })),
        },
      },
    ],
  };
}

/** Index into the 48 average values of a local time 'HH:MM'. */
const slotOf = (time: string) => Number(time.slice(0, 2)) * 2 + (time.slice(3, 5) === '30' ? 1 : 0);

/** One local day's half hours as bars (estimated ones in their own colour), with the month's averages. */
export function dayOption(
  data: HalfHourMonth,
  date: string,
  show: { weekday: boolean; weekend: boolean },
  energyUnit: string,
): ChartOption {
  const day = data.records.filter((r) => r.date === date);
  const average = (values: (number | null)[]) => day.map((r) => values[slotOf(r.time)] ?? null);
  return {
    ...frame(LEGEND_ROOM),
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: missingOr((v) => `${formatNumber(v)} ${energyUnit}`) },
    xAxis: { type: 'category', data: day.map((r) => r.time) },
    yAxis: { type: 'value', name: energyUnit, axisLabel: { formatter: (v: number) => formatNumber(v) } },
    series: [
      {
        name: `${energyUnit} per half hour`,
        type: 'bar',
        color: COLOURS.reading,
        data: day.map((r) =>
          isEstimated(r) ? { value: r.kwh, itemStyle: { color: COLOURS.estimated } } : { value: r.kwh },
        ),
      },
      ...(show.weekday
        ? [
            {
              name: 'Weekday average',
              type: 'line' as const,
              color: COLOURS.weekday,
              showSymbol: false,
              data: average(data.weekdayAverage),
            },
          ]
        : []),
      ...(show.weekend
        ? [
            {
              name: 'Weekend average',
              type: 'line' as const,
              color: COLOURS.weekend,
              showSymbol: false,
              data: average(data.weekendAverage),
            },
          ]
        : []),
    ],
  };
}

/** Base load against above base load, in the register's energy unit. */
export function pieOption(data: HalfHourMonth, energyUnit: string): ChartOption {
  return {
    ...frame(0),
    color: [COLOURS.reading, '#fab005'],
    tooltip: { trigger: 'item', valueFormatter: (v) => `${formatNumber(Number(v))} ${energyUnit}` },
    legend: { bottom: 0 },
    series: [
      {
        name: 'Consumption',
        type: 'pie',
        radius: ['0%', '62%'],
        center: ['50%', '45%'],
        label: { formatter: (p: { percent?: number }) => `${Math.round(p.percent ?? 0)}%` },
        data: [
          { name: 'Base load', value: data.stats.baseLoadKwh },
          { name: 'Above base load', value: data.stats.aboveBaseKwh },
        ],
      },
    ],
  };
}
