import {
  ActionIcon,
  Group,
  Paper,
  SegmentedControl,
  Text,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { FactorEdition } from '@verdant/contracts/common';
import { withGstNote } from '@verdant/domain/gst-labels';
import { MSG } from '@verdant/domain/messages';
import { formatMonth } from '@verdant/domain/month-labels';
import { axisScale, formatQuantity } from '@verdant/domain/unit-scaling';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { useMemo } from 'react';
import { Chart, type ChartOption, registerChartParts } from './chart';
import { FactorEditionsNote } from './factor-editions-note';

// The chart kinds and components this screen draws (components/chart.tsx registers only the renderer).
registerChartParts([BarChart, GridComponent, LegendComponent, TooltipComponent]);

export type ComparisonMeasure = 'cons' | 'cost' | 'co2e';
const LABELS: Record<ComparisonMeasure, string> = { cons: 'Consumption', cost: 'Cost', co2e: 'Emissions' };

/**
 * What the asset comparison chart draws: this year's months against the same months a year earlier. A null
 * figure is a month not yet lived, drawn blank; `currentMonth` ('yyyy-MM', today's) is still filling.
 */
export interface ComparisonGraph {
  months: string[];
  data: [(number | null)[], (number | null)[]];
  seriesLabels: [string, string];
  unit: string;
  currentMonth: string;
  /** The editions of emission factors behind the kg CO2e, where the asset's call names them. */
  editions?: FactorEdition[];
}

/** The last year the chart may show: the reporting year (named by the year it ends in) holding today. */
export function lastYearShown(currentMonth: string, yearEnd: number) {
  const year = Number(currentMonth.slice(0, 4));
  return Number(currentMonth.slice(5, 7)) > yearEnd ? year + 1 : year;
}

const figures = (graph: ComparisonGraph) => graph.data.flat().map((v) => v ?? 0);
/** A figure as the tooltip and the table read it: a month not yet lived is blank. */
const shown = (value: number | null | undefined, unit: string) =>
  value === null || value === undefined ? '' : formatQuantity(value, unit);

function chartOption(
  graph: ComparisonGraph,
  colours: [string, string],
  incomplete: Set<string>,
): ChartOption {
  const axis = axisScale(Math.max(0, ...figures(graph)), graph.unit);
  const label = (m: string) => `${formatMonth(m)}${incomplete.has(m) ? ' ⚠' : ''}`;
  return {
    color: colours,
    grid: { left: 4, right: 8, top: 36, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    legend: { top: 0, data: [...graph.seriesLabels] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) =>
        v === null || v === undefined ? 'Not yet' : formatQuantity(Number(v), graph.unit),
    },
    xAxis: { type: 'category', data: graph.months.map(label) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => axis.format(v) } },
    // This year's bars of incomplete months are drawn faded, beside the year before's.
    series: graph.seriesLabels.map((name, i) => ({
      name,
      type: 'bar' as const,
      data: graph.data[i]?.map((value, j) =>
        i === 0 && incomplete.has(graph.months[j] ?? '') ? { value, itemStyle: { opacity: 0.45 } } : value,
      ),
    })),
  };
}

interface ComparisonChartProps {
  graph: ComparisonGraph | undefined;
  measure: ComparisonMeasure;
  onMeasure: (measure: ComparisonMeasure) => void;
  year: number;
  onYear: (change: (year: number) => number) => void;
  /** This year's months the ledger marks incomplete; with today's month, they are marked and listed below. */
  incomplete: Set<string>;
  /** The last year the Next button may reach: the reporting year holding today (lastYearShown). */
  maxYear?: number;
}

/**
 * The asset comparison chart (data-portal.md 2.7): monthly this-year against last-year bars with year
 * navigation and a measure picker; incomplete months are faded, marked and listed with the spec's warning.
 */
export function ComparisonChart({
  graph,
  measure,
  onMeasure,
  year,
  onYear,
  incomplete,
  maxYear,
}: ComparisonChartProps) {
  const theme = useMantineTheme();
  const colours = useMemo<[string, string]>(
    () => [theme.colors.verdant?.[6] ?? theme.colors.teal[6], theme.colors.gray[4]],
    [theme],
  );
  // Today's month is still filling: incomplete whatever the ledger says; months after it are not lived yet.
  const marked = useMemo(
    () =>
      new Set(
        graph
          ? graph.months.filter(
              (m) =>
                m.slice(0, 7) === graph.currentMonth ||
                (incomplete.has(m) && m.slice(0, 7) <= graph.currentMonth),
            )
          : [],
      ),
    [graph, incomplete],
  );
  const option = useMemo(
    () => (graph ? chartOption(graph, colours, marked) : null),
    [graph, colours, marked],
  );
  const hasData = graph ? figures(graph).some((v) => v !== 0) : true;
  const shownIncomplete = graph ? graph.months.filter((m) => marked.has(m)) : [];
  const unit = graph ? axisScale(Math.max(0, ...figures(graph)), graph.unit).unit : '';

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <div>
          <Text fw={600}>Monthly comparison</Text>
          <Text fz="sm" c="dimmed">{`${withGstNote(measure, LABELS[measure])} in ${unit || '…'}`}</Text>
        </div>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label="Figure"
            value={measure}
            onChange={(v) => onMeasure(v as ComparisonMeasure)}
            data={(Object.keys(LABELS) as ComparisonMeasure[]).map((m) => ({ value: m, label: LABELS[m] }))}
          />
          <ActionIcon variant="default" aria-label="Previous year" onClick={() => onYear((y) => y - 1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text fz="sm" fw={500} w={170} ta="center" data-testid="graph-year">
            {graph?.seriesLabels[0] ?? year}
          </Text>
          <ActionIcon
            variant="default"
            aria-label="Next year"
            disabled={maxYear !== undefined && year >= maxYear}
            onClick={() => onYear((y) => y + 1)}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Chart
        option={option ?? {}}
        loading={!graph}
        height={320}
        label={`${LABELS[measure]} by month, this year against last year`}
        empty={hasData ? null : 'No data found for that period.'}
      >
        {graph && (
          <VisuallyHidden>
            <table>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">{graph.seriesLabels[0]}</th>
                  <th scope="col">{graph.seriesLabels[1]}</th>
                </tr>
              </thead>
              <tbody>
                {graph.months.map((m, i) => (
                  <tr key={m}>
                    <th scope="row">
                      {formatMonth(m)}
                      {marked.has(m) ? ` (${MSG.incompleteMonth})` : ''}
                    </th>
                    <td>{shown(graph.data[0][i], graph.unit)}</td>
                    <td>{shown(graph.data[1][i], graph.unit)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        )}
      </Chart>
      {measure === 'co2e' && graph?.editions && <FactorEditionsNote editions={graph.editions} />}
      {shownIncomplete.length > 0 && (
        <Group gap={6} mt="xs" data-testid="incomplete-month">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden />
          <Text fz="xs">
            {`${MSG.incompleteMonth}: ${shownIncomplete
              .map((m) => `${formatMonth(m)}${graph?.currentMonth === m.slice(0, 7) ? ' (to date)' : ''}`)
              .join(', ')}`}
          </Text>
        </Group>
      )}
    </Paper>
  );
}
