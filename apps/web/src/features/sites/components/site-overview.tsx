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
import type { AssetGraphData, Site } from '@verdant/contracts/sites';
import { MSG } from '@verdant/domain/messages';
import { shortMonthLabel } from '@verdant/domain/month-labels';
import { reportingYearStart } from '@verdant/domain/reporting-year';
import { axisScale, formatQuantity } from '@verdant/domain/unit-scaling';
import { useMemo, useState } from 'react';
import { Chart, type ChartOption } from '../../../components/chart';
import { useSiteGraph } from '../api';

type Measure = 'cons' | 'cost' | 'co2e';
const LABELS: Record<Measure, string> = { cons: 'Consumption', cost: 'Cost', co2e: 'Emissions' };

/** The year (of its last month) of the reporting year that holds the last complete month. */
function currentYear(site: Site) {
  const start = reportingYearStart(`${site.lastCompleteMonth}-01`, site.reportingYearEnd);
  return Number(start.slice(0, 4)) + (site.reportingYearEnd === 12 ? 0 : 1);
}

/** Months after the last complete one: the current month (still filling) and any later ones. */
const incompleteOf = (graph: AssetGraphData, lastComplete: string) =>
  new Set(graph.months.filter((m) => m.slice(0, 7) > lastComplete.slice(0, 7)));

function chartOption(graph: AssetGraphData, colours: [string, string], incomplete: Set<string>): ChartOption {
  const axis = axisScale(Math.max(0, ...graph.data.flat()), graph.unit);
  const label = (m: string) => `${shortMonthLabel(m)}${incomplete.has(m) ? ' ⚠' : ''}`;
  return {
    color: colours,
    grid: { left: 4, right: 8, top: 36, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    legend: { top: 0, data: [...graph.seriesLabels] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => formatQuantity(Number(v ?? 0), graph.unit),
    },
    xAxis: { type: 'category', data: graph.months.map(label) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => axis.format(v) } },
    // This year's bars of incomplete months are drawn faded, beside the year before's complete ones.
    series: graph.seriesLabels.map((name, i) => ({
      name,
      type: 'bar' as const,
      data: graph.data[i]?.map((value, j) =>
        i === 0 && incomplete.has(graph.months[j] ?? '') ? { value, itemStyle: { opacity: 0.45 } } : value,
      ),
    })),
  };
}

/** This reporting year against the year before, month by month, with year navigation. */
export function SiteOverview({ site }: { site: Site }) {
  const theme = useMantineTheme();
  const [measure, setMeasure] = useState<Measure>('cons');
  const [year, setYear] = useState(() => currentYear(site));
  const graph = useSiteGraph(site.id, measure, year, site.reportingYearEnd);
  const colours = useMemo<[string, string]>(
    () => [theme.colors.verdant?.[6] ?? theme.colors.teal[6], theme.colors.gray[4]],
    [theme],
  );
  const incomplete = useMemo(
    () => (graph.data ? incompleteOf(graph.data, site.lastCompleteMonth) : new Set<string>()),
    [graph.data, site.lastCompleteMonth],
  );
  const option = useMemo(
    () => (graph.data ? chartOption(graph.data, colours, incomplete) : null),
    [graph.data, colours, incomplete],
  );
  const hasData = graph.data ? graph.data.data.flat().some((v) => v !== 0) : true;
  // Marked where shown: the current month and any earlier incomplete one; later months have no bars yet.
  const thisMonth = new Date().toISOString().slice(0, 7);
  const shownIncomplete = graph.data
    ? graph.data.months.filter((m) => incomplete.has(m) && m.slice(0, 7) <= thisMonth)
    : [];
  const unit = graph.data ? axisScale(Math.max(0, ...graph.data.data.flat()), graph.data.unit).unit : '';

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <div>
          <Text fw={600}>Monthly comparison</Text>
          <Text fz="sm" c="dimmed">{`${LABELS[measure]} in ${unit || '…'}`}</Text>
        </div>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label="Figure"
            value={measure}
            onChange={(v) => setMeasure(v as Measure)}
            data={(Object.keys(LABELS) as Measure[]).map((m) => ({ value: m, label: LABELS[m] }))}
          />
          <ActionIcon variant="default" aria-label="Previous year" onClick={() => setYear((y) => y - 1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text fz="sm" fw={500} w={170} ta="center" data-testid="graph-year">
            {graph.data?.seriesLabels[0] ?? year}
          </Text>
          <ActionIcon variant="default" aria-label="Next year" onClick={() => setYear((y) => y + 1)}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Chart
        option={option ?? {}}
        loading={!graph.data}
        height={320}
        label={`${LABELS[measure]} by month, this year against last year`}
        empty={hasData ? null : 'No data found for that period.'}
      >
        {graph.data && (
          <VisuallyHidden>
            <table>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">{graph.data.seriesLabels[0]}</th>
                  <th scope="col">{graph.data.seriesLabels[1]}</th>
                </tr>
              </thead>
              <tbody>
                {graph.data.months.map((m, i) => (
                  <tr key={m}>
                    <th scope="row">
                      {shortMonthLabel(m)}
                      {incomplete.has(m) ? ` (${MSG.incompleteMonth})` : ''}
                    </th>
                    <td>{formatQuantity(graph.data?.data[0][i] ?? 0, graph.data?.unit ?? '')}</td>
                    <td>{formatQuantity(graph.data?.data[1][i] ?? 0, graph.data?.unit ?? '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        )}
      </Chart>
      {shownIncomplete.length > 0 && (
        <Group gap={6} mt="xs" data-testid="incomplete-month">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden />
          <Text fz="xs">{`${MSG.incompleteMonth}: ${shownIncomplete.map((m) => shortMonthLabel(m)).join(', ')}`}</Text>
        </Group>
      )}
    </Paper>
  );
}
