import { SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import type { MonthlyData } from '@verdant/contracts/fleet/purchases';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import { formatMonth } from '@verdant/domain/month-labels';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { useMemo, useState } from 'react';
import { Chart, type ChartOption, registerChartParts } from '../../../components/chart';
import { useOrganisationToday } from '../../../lib/organisation-today';
import { useMonthlyData } from '../vehicle-api';

// The chart kinds and components this screen draws (components/chart.tsx registers only the renderer).
registerChartParts([BarChart, LineChart, ScatterChart, GridComponent, MarkLineComponent, TooltipComponent]);

type Metric = 'litresPer100km' | 'litres' | 'distance' | 'litresPerDay' | 'kmPerDay' | 'costPerDay';
const METRICS = (unit: string): { value: Metric; label: string }[] => [
  { value: 'litresPer100km', label: `${unit}/100km` },
  { value: 'litres', label: unit === 'L' ? 'Litres' : unit },
  { value: 'distance', label: 'km' },
  { value: 'litresPerDay', label: `${unit}/day` },
  { value: 'kmPerDay', label: 'km/day' },
  { value: 'costPerDay', label: '$/day' },
];

/** `current` is the organisation's month ('yyyy-MM'): still filling, so its bar is faded and its label marked (to date). */
function logOption(data: MonthlyData, metric: Metric, label: string, current: string): ChartOption {
  return {
    grid: { left: 56, right: 16, top: 24, bottom: 40 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: data.months.map((m) => `${formatMonth(m.label)}${m.label === current ? ' ⚠' : ''}`),
    },
    yAxis: { type: 'value', name: label },
    series: [
      {
        type: 'bar',
        name: label,
        data: data.months.map((m) =>
          m.label === current ? { value: m[metric], itemStyle: { opacity: 0.45 } } : m[metric],
        ),
        itemStyle: { color: '#2f9e44' },
      },
    ],
  };
}

function efficiencyOption(data: MonthlyData, mode: 'scatter' | 'cumulative'): ChartOption {
  const points = data.efficiency.map((p) => [p.date, mode === 'scatter' ? p.efficiency : p.cumulative]);
  return {
    grid: { left: 56, right: 24, top: 24, bottom: 40 },
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const [date, value] = (p as { value: [string, number] }).value;
        return `${formatDisplayDate(date)}: ${value} ${data.unit}/100km`;
      },
    },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: `${data.unit}/100km`, scale: true },
    series: [
      {
        type: mode === 'scatter' ? 'scatter' : 'line',
        name: mode === 'scatter' ? 'Efficiency' : 'Cumulative efficiency',
        data: points,
        symbolSize: 7,
        itemStyle: { color: '#1c7ed6' },
        // The desired efficiency, drawn as a reference line.
        markLine: {
          symbol: 'none',
          label: { formatter: `Desired ${data.desiredEfficiency}`, position: 'insideEndTop' },
          lineStyle: { color: '#e8590c', type: 'dashed' },
          data: [{ yAxis: data.desiredEfficiency }],
        },
      },
    ],
  };
}

/** Analytics (data-portal 2.6): the Vehicle Log by month with six metrics, and efficiency as scatter or cumulative. */
export function AnalyticsTab({ vehicleId }: { vehicleId: number }) {
  const monthly = useMonthlyData(vehicleId);
  const current = useOrganisationToday().slice(0, 7);
  const unit = monthly.data?.unit ?? 'L';
  const [metric, setMetric] = useState<Metric>('litresPer100km');
  const [mode, setMode] = useState<'scatter' | 'cumulative'>('scatter');
  const label = METRICS(unit).find((m) => m.value === metric)?.label ?? '';
  const log = useMemo(
    () => (monthly.data ? logOption(monthly.data, metric, label, current) : {}),
    [monthly.data, metric, label, current],
  );
  const efficiency = useMemo(
    () => (monthly.data ? efficiencyOption(monthly.data, mode) : {}),
    [monthly.data, mode],
  );
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} fz="lg">
          Vehicle Log
        </Title>
        <Select
          label="Metric"
          data={METRICS(unit)}
          value={metric}
          onChange={(v) => v && setMetric(v as Metric)}
          allowDeselect={false}
          w={200}
        />
        <Chart
          option={log}
          height={300}
          label={`Vehicle Log: ${label} by month`}
          loading={monthly.isPending}
          empty={monthly.data && monthly.data.months.length === 0 ? 'No purchases yet' : null}
        />
        {monthly.data?.months.some((m) => m.label === current) && (
          <Text fz="xs" data-testid="incomplete-month">
            {`⚠ ${MSG.incompleteMonth}: ${formatMonth(current)} (to date)`}
          </Text>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="lg">
          Efficiency
        </Title>
        <SegmentedControl
          w={240}
          data={[
            { value: 'scatter', label: 'Scatter' },
            { value: 'cumulative', label: 'Cumulative' },
          ]}
          value={mode}
          onChange={(v) => setMode(v as 'scatter' | 'cumulative')}
        />
        <Chart
          option={efficiency}
          height={300}
          label={`Efficiency (${mode}) with the desired efficiency as a reference`}
          loading={monthly.isPending}
          empty={
            monthly.data && monthly.data.efficiency.length === 0 ? 'Two odometer readings are needed' : null
          }
        />
        <Text fz="xs" c="dimmed">
          Fill to fill: the fuel bought at a reading over the km since the previous one. Readings lower than
          the one before are left out.
        </Text>
      </Stack>
    </Stack>
  );
}
