import type { CommissioningRow } from '@verdant/contracts/benchmark/results';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { Chart, type ChartOption, registerChartParts } from '../../../components/chart';
import { useWide } from '../../../lib/use-wide';

registerChartParts([BarChart, GridComponent, LegendComponent, TooltipComponent]);

/** Design, as commissioned, after intervention and actual kWh/m² per entity; a figure not set is no bar. */
export function CommissioningChart({ rows, year }: { rows: CommissioningRow[]; year: number }) {
  const wide = useWide();
  const names = rows.map((r) => r.entityName);
  const series = (name: string, pick: (r: CommissioningRow) => number | null, color: string) => ({
    type: 'bar' as const,
    name,
    color,
    data: rows.map((r) => pick(r) ?? '-'),
  });
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    // On a phone the four names wrap to two lines: the grid (and the y axis's name above it) starts below them.
    grid: { left: 8, right: 8, top: wide ? 40 : 64, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: names,
      axisLabel: { interval: 0, rotate: 30, width: 120, overflow: 'truncate' },
    },
    yAxis: { type: 'value', name: 'kWh/m² per year' },
    series: [
      series('Design', (r) => r.designEui, '#4c6ef5'),
      series('As commissioned', (r) => r.commissionedEui, '#fab005'),
      series('After intervention', (r) => r.interventionEui, '#12b886'),
      series(`Actual ${year}`, (r) => r.actualEui, '#e8590c'),
    ],
  };
  return (
    <Chart
      option={option}
      height={320}
      label={`Design, commissioned, intervention and actual energy use intensity by entity, ${year}`}
      empty={rows.length === 0 ? 'No entity has a design or commissioned figure.' : null}
    />
  );
}
