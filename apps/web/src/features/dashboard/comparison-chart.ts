import type { YearlyComparison } from '@verdant/contracts/dashboard';
import { monthYearLabel, shortMonthLabel } from '@verdant/domain/month-labels';
import { axisScale, formatQuantity } from '@verdant/domain/unit-scaling';
import type { ChartOption } from '../../components/chart';
import { INCOMPLETE_MONTH } from './dashboard-figures';

export interface ComparisonColours {
  recent: string;
  earlier: string;
  incomplete: string;
}

/** Marks an incomplete month's bar; its axis label is coloured, the bar hatched and the tooltip explains. */
export const INCOMPLETE_MARK = '*';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const longLabel = (month: string) => monthYearLabel(Number(month.slice(5, 7)), Number(month.slice(0, 4)));

/** The year-earlier month of a 'yyyy-MM' month. */
const yearBefore = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;

/** The value axis of a comparison: one scale for every tick, chosen from its largest figure. */
export function comparisonAxis({ data, unit }: YearlyComparison) {
  return axisScale(Math.max(0, ...data.flat().map(Math.abs)), unit);
}

/**
 * The 12 month overall comparison as ECharts bars: this year's months against the same months a year
 * earlier, one axis scale for every tick, incomplete months marked on the axis, hatched and explained.
 */
export function comparisonChartOption(comparison: YearlyComparison, colours: ComparisonColours): ChartOption {
  const { months, data, seriesLabels, unit, incompleteMonths, futureMonths } = comparison;
  const incomplete = new Set(incompleteMonths);
  const future = new Set(futureMonths);
  const axis = comparisonAxis(comparison);

  return {
    color: [colours.recent, colours.earlier],
    // The axis labels stay inside the chart's box, whatever their length.
    grid: {
      left: 4,
      right: 8,
      top: 36,
      bottom: 4,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    legend: { top: 0, left: 'center', itemWidth: 14, itemHeight: 10, data: [...seriesLabels] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const rows = Array.isArray(params) ? params : [params];
        const index = rows[0]?.dataIndex ?? 0;
        const month = months[index] ?? '';
        const lines = rows.flatMap((row) => {
          // A month still to come has no bar of its own (ECharts' '-' leaves the slot empty).
          if (row.seriesIndex === 0 && future.has(month)) return [];
          const value = typeof row.value === 'number' ? row.value : Number(row.value ?? 0);
          const label = row.seriesIndex === 0 ? longLabel(month) : longLabel(yearBefore(month));
          return `${row.marker ?? ''}${escapeHtml(label)}: <b>${escapeHtml(formatQuantity(value, unit))}</b>`;
        });
        if (incomplete.has(month)) {
          lines.push(
            `<span style="color:${colours.incomplete}">${INCOMPLETE_MARK} ${INCOMPLETE_MONTH}</span>`,
          );
        }
        return lines.join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      axisTick: { alignWithLabel: true },
      // Same-width labels for every month, so the axis hides none of them for want of room.
      data: months.map((month) =>
        incomplete.has(month)
          ? { value: shortMonthLabel(month), textStyle: { color: colours.incomplete } }
          : shortMonthLabel(month),
      ),
    },
    yAxis: {
      // The card's subtitle names the unit, which leaves the narrow layout room for the legend.
      type: 'value',
      axisLabel: { formatter: (value: number) => axis.format(value) },
    },
    series: [
      {
        type: 'bar',
        name: seriesLabels[0],
        barMaxWidth: 18,
        data: data[0].map((value, i) =>
          future.has(months[i] ?? '')
            ? '-'
            : incomplete.has(months[i] ?? '')
              ? {
                  value,
                  label: {
                    show: true,
                    position: 'top',
                    formatter: INCOMPLETE_MARK,
                    color: colours.incomplete,
                    fontWeight: 'bold',
                    fontSize: 14,
                  },
                  itemStyle: {
                    decal: {
                      symbol: 'rect',
                      dashArrayX: [1, 0],
                      dashArrayY: [2, 3],
                      rotation: -Math.PI / 4,
                      color: 'rgba(255, 255, 255, 0.55)',
                    },
                  },
                }
              : value,
        ),
      },
      { type: 'bar', name: seriesLabels[1], barMaxWidth: 18, data: [...data[1]] },
    ],
  };
}
