import type { GRAPH_AXES, GraphData, LEGEND_POSITIONS } from '@verdant/contracts/graphs';
import { axisScale, formatQuantity } from '@verdant/domain/unit-scaling';
import type { ChartOption } from '../../components/chart';

export type LegendPosition = (typeof LEGEND_POSITIONS)[number];
export type GraphAxes = (typeof GRAPH_AXES)[number];

/** Colours of the series, in order: the product's green first, then well-separated hues. */
export const PALETTE = [
  '#2b8a3e',
  '#1971c2',
  '#e8590c',
  '#9c36b5',
  '#0c8599',
  '#c2255c',
  '#5c940d',
  '#f08c00',
  '#364fc7',
  '#868e96',
];

/** Hatching for estimated bars (drawn on the canvas, so it shows in the downloaded image too). */
const HATCH = {
  symbol: 'rect',
  dashArrayX: [1, 0],
  dashArrayY: [3, 4],
  rotation: -Math.PI / 4,
  color: 'rgba(255,255,255,0.7)',
};

type LineData = GraphData['series'][number]['lines'][number];

/** A point's style: incomplete months faded, estimated ones hatched (bars) or drawn as hollow diamonds (lines). */
function point(line: LineData, i: number, kind: 'bar' | 'line') {
  const value = line.values[i] ?? null;
  const incomplete = line.incomplete[i] === true;
  const estimated = line.estimated[i] === true;
  if (value === null || (!incomplete && !estimated)) return value;
  if (kind === 'bar')
    return {
      value,
      itemStyle: { ...(incomplete ? { opacity: 0.45 } : {}), ...(estimated ? { decal: HATCH } : {}) },
    };
  return {
    value,
    symbol: estimated ? 'diamond' : 'triangle',
    symbolSize: 9,
    itemStyle: incomplete ? { opacity: 0.6 } : {},
  };
}

/** The chart's title, drawn on the canvas so the image carries it; wrapped on a narrow screen. */
export const chartTitle = (text: string, narrow: boolean) => ({
  text,
  left: 'center',
  top: 0,
  textStyle: narrow ? { fontSize: 13, width: 320, overflow: 'break' as const } : { fontSize: 16 },
});

const LEGEND: Record<Exclude<LegendPosition, 'none'>, object> = {
  top: { left: 'center', type: 'scroll' },
  bottom: { bottom: 0, left: 'center', type: 'scroll' },
  left: { left: 0, top: 'middle', orient: 'vertical', type: 'scroll' },
  right: { right: 0, top: 'middle', orient: 'vertical', type: 'scroll' },
};

/** Room the legend takes from the grid at each position (px). */
const LEGEND_ROOM: Record<LegendPosition, { top: number; bottom: number; left: number; right: number }> = {
  none: { top: 0, bottom: 0, left: 0, right: 0 },
  top: { top: 30, bottom: 0, left: 0, right: 0 },
  bottom: { top: 0, bottom: 32, left: 0, right: 0 },
  left: { top: 0, bottom: 0, left: 170, right: 0 },
  right: { top: 0, bottom: 0, left: 0, right: 170 },
};

/** Lines longer than this draw no point symbols, except the marked (incomplete or estimated) points. */
const SYMBOLS_UP_TO = 60;

/**
 * The ECharts option of a time series or yearly chart: a y axis per unit (left, right, then further out),
 * each line of each series as a bar or a line in the series' colour (a year's lines in lighter shades),
 * forecasts dashed, incomplete and estimated points marked, and the title and legend as the options say.
 */
export function graphOption(
  data: GraphData,
  {
    title,
    legend,
    narrow,
    axes = 'unit',
  }: { title: string; legend: LegendPosition; narrow: boolean; axes?: GraphAxes },
): ChartOption {
  // One y axis per unit, or (Graph options) one per series, so a meter beside its site is not a flat line.
  const axisKeyOf = (si: number) => (axes === 'series' ? `series ${si}` : (data.series[si]?.unit ?? ''));
  const keys = [...new Set(data.series.map((_, si) => axisKeyOf(si)))];
  const axisSeries = keys.map((key) => data.series.filter((_, si) => axisKeyOf(si) === key));
  const units = axisSeries.map((list) => list[0]?.unit ?? '');
  const scales = axisSeries.map((list, i) =>
    axisScale(
      Math.max(
        0,
        ...list
          .flatMap((s) => s.lines.flatMap((l) => [...l.values, ...(l.forecast ?? [])]))
          .map((v) => Math.abs(v ?? 0)),
      ),
      units[i] ?? '',
    ),
  );
  const position = narrow && (legend === 'left' || legend === 'right') ? 'bottom' : legend;
  const room = LEGEND_ROOM[position];
  const titleRoom = title ? (narrow ? 40 : 30) : 0;
  const series: NonNullable<ChartOption['series']> = [];
  data.series.forEach((s, si) => {
    const colour = PALETTE[si % PALETTE.length];
    const axis = keys.indexOf(axisKeyOf(si));
    s.lines.forEach((line, li) => {
      // Older years of a yearly chart are lighter shades of the series' colour.
      const opacity = s.lines.length > 1 ? 0.45 + (0.55 * (li + 1)) / s.lines.length : 1;
      const style = { color: colour, opacity };
      const data_ = line.values.map((_, i) => point(line, i, s.kind));
      series.push(
        s.kind === 'bar'
          ? { type: 'bar', name: line.name, yAxisIndex: axis, data: data_, itemStyle: style, barMaxWidth: 28 }
          : {
              type: 'line',
              name: line.name,
              yAxisIndex: axis,
              data: data_,
              itemStyle: style,
              lineStyle: { color: colour, opacity },
              connectNulls: false,
              ...(data.keys.length > SYMBOLS_UP_TO ? { symbol: 'none' } : {}),
            },
      );
      if (line.forecast) {
        // The forecast line starts at the last figure, so it carries on from it.
        const last = line.values.reduce(
          (at, v, i) => (v !== null && line.forecast?.[i] === null ? i : at),
          -1,
        );
        const forecast = line.forecast.map((v, i) => (i === last ? line.values[i] : v));
        series.push({
          type: 'line',
          name: `${line.name} forecast`,
          yAxisIndex: axis,
          data: forecast,
          itemStyle: { color: colour },
          lineStyle: { type: 'dashed', color: colour },
          symbol: 'emptyCircle',
        });
      }
    });
  });
  const unitLabel = (i: number) => scales[i]?.unit ?? units[i] ?? '';
  return {
    animation: false,
    ...(title ? { title: chartTitle(title, narrow) } : {}),
    legend:
      position === 'none'
        ? { show: false }
        : { ...LEGEND[position], ...(position === 'top' ? { top: titleRoom } : {}) },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => tooltip(data, params),
    },
    grid: {
      // Room above the plot for the axis names ('MWh', '$').
      top: 28 + titleRoom + room.top,
      bottom: 8 + room.bottom,
      left: 8 + room.left,
      right: 8 + room.right,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: { type: 'category', data: data.labels, axisLabel: { hideOverlap: true } },
    yAxis: keys.map((_, i) => {
      // An axis of its own series takes that series' colour, so it reads which series it measures.
      const colour = axes === 'series' ? PALETTE[i % PALETTE.length] : undefined;
      return {
        type: 'value' as const,
        name: unitLabel(i),
        position: i % 2 === 0 ? ('left' as const) : ('right' as const),
        offset: Math.floor(i / 2) * 64,
        splitLine: { show: i === 0 },
        axisLabel: {
          formatter: (v: number) => scales[i]?.format(v) ?? String(v),
          ...(colour ? { color: colour } : {}),
        },
        ...(colour
          ? { axisLine: { show: true, lineStyle: { color: colour } }, nameTextStyle: { color: colour } }
          : {}),
      };
    }),
    series,
  };
}

interface TooltipParam {
  seriesIndex: number;
  seriesName: string;
  dataIndex: number;
  axisValueLabel: string;
  value: unknown;
  marker: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tooltip names each figure with its unit and says when it is incomplete, estimated or a forecast. */
function tooltip(data: GraphData, params: unknown): string {
  const list = (Array.isArray(params) ? params : [params]) as TooltipParam[];
  const lines = data.series.flatMap((s) => s.lines.map((l) => ({ s, l })));
  const rows = list.flatMap((p) => {
    const raw =
      typeof p.value === 'object' && p.value !== null ? (p.value as { value: unknown }).value : p.value;
    if (raw === null || raw === undefined || raw === '-') return [];
    const forecast = p.seriesName.endsWith(' forecast');
    const found = lines.find(
      (x) => x.l.name === (forecast ? p.seriesName.slice(0, -' forecast'.length) : p.seriesName),
    );
    // The forecast line's first point repeats the last figure: only its own points are named.
    if (forecast && found && (found.l.forecast?.[p.dataIndex] ?? null) === null) return [];
    const unit = found?.s.unit ?? '';
    const notes = forecast
      ? ['forecast']
      : [
          found?.l.incomplete[p.dataIndex] ? 'incomplete' : '',
          found?.l.estimated[p.dataIndex] ? 'estimated' : '',
        ];
    const note = notes.filter(Boolean).join(', ');
    return [
      `${p.marker}${escapeHtml(p.seriesName)}: <b>${escapeHtml(formatQuantity(Number(raw), unit))}</b>${note ? ` (${note})` : ''}`,
    ];
  });
  return [`<b>${escapeHtml(list[0]?.axisValueLabel ?? '')}</b>`, ...rows].join('<br/>');
}
