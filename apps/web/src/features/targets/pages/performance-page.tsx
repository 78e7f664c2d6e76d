import {
  Anchor,
  Breadcrumbs,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { Measure, PerformanceReport } from '@verdant/contracts/targets';
import { MSG } from '@verdant/domain/messages';
import { formatMonth } from '@verdant/domain/month-labels';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Chart, type ChartOption, registerChartParts } from '../../../components/chart';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { PageHeader } from '../../../components/page-header';
import { QueryPending } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePerformance, useTargets } from '../api';

// The chart kinds and components this screen draws (components/chart.tsx registers only the renderer).
registerChartParts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent]);

const UNITS: Record<Measure, string> = { co2e: 'kg CO2e', cons: 'kWh' };
const YEAR_END_LABELS = { CY: 'calendar years', FY3: 'years April to March', FY6: 'years July to June' };
/** A whole figure; a rounded -0.4 is '0', never '-0'. */
const whole = (v: number | null) => (v === null ? '' : (Math.round(v) || 0).toLocaleString('en-NZ'));
/** A month label, marked when it is today's (still filling) or the ledger calls it incomplete. */
const monthOf = (m: { month: string; incomplete: boolean }) =>
  `${formatMonth(m.month)}${m.incomplete ? ' ⚠' : ''}`;

function GroupPerformance({
  group,
  measure,
}: {
  group: PerformanceReport['groups'][number];
  measure: Measure;
}) {
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 70, right: 16, top: 36, bottom: 40 },
    xAxis: { type: 'category', data: group.months.map(monthOf) },
    yAxis: { type: 'value', name: UNITS[measure] },
    series: [
      {
        name: 'Actual',
        type: 'bar',
        // An incomplete month's bar is faded: it is a figure to date, not the month's.
        data: group.months.map((m) =>
          m.incomplete && m.actual !== null ? { value: m.actual, itemStyle: { opacity: 0.45 } } : m.actual,
        ),
      },
      {
        name: 'Target',
        type: 'line',
        step: 'middle',
        symbol: 'none',
        data: group.months.map((m) => Math.round(m.target)),
      },
    ],
  };
  const label = `${group.name}: actual against target by month`;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h5">
          {group.name}
        </Title>
        <Text fz="sm" c="dimmed">
          {`Baseline ${whole(group.baseline)} ${UNITS[measure]} · final target ${whole(group.target)} ${UNITS[measure]}`}
        </Text>
      </Group>
      <Chart option={option} height={280} label={label} />
      <ScrollTable label={`${group.name}: months`} minWidth={520}>
        <Table striped verticalSpacing={4} fz="sm" mt="sm" data-testid="performance-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>Year</Table.Th>
              <Table.Th ta="right">Profile (%)</Table.Th>
              <Table.Th ta="right">{`Actual (${UNITS[measure]})`}</Table.Th>
              <Table.Th ta="right">{`Target (${UNITS[measure]})`}</Table.Th>
              <Table.Th ta="right">Difference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>
                  {formatMonth(m.month)}
                  {m.incomplete && (
                    <Text span fz="xs" ml={6}>
                      <Text span c="orange.8" aria-hidden>
                        ⚠{' '}
                      </Text>
                      {MSG.incompleteMonth}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{m.year}</Table.Td>
                <Table.Td ta="right">{(m.factor * 100).toFixed(1)}</Table.Td>
                <Table.Td ta="right">{whole(m.actual)}</Table.Td>
                <Table.Td ta="right">{whole(m.target)}</Table.Td>
                <Table.Td
                  ta="right"
                  c={
                    m.actual !== null && !m.incomplete && Math.round(m.actual - m.target) > 0
                      ? 'red'
                      : undefined
                  }
                >
                  {m.actual === null || m.incomplete ? '' : whole(m.actual - m.target)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}

/**
 * Performance against targets: the organisation's (/organisation/performance-against-targets) or a grouping's
 * groups (/{site,meter}-groupings/{id}/reports/performance-against-targets), chart and table per group.
 */
export function PerformancePage() {
  useDocumentTitle('Performance against targets');
  const { id } = useParams();
  const { pathname } = useLocation();
  const scope = id
    ? { type: pathname.startsWith('/meter') ? ('meter' as const) : ('site' as const), id: Number(id) }
    : null;
  const [params, setParams] = useSearchParams();
  const measure = (params.get('measure') === 'cons' ? 'cons' : 'co2e') as Measure;
  const targetId = params.get('target') ? Number(params.get('target')) : null;
  const targets = useTargets();
  const report = usePerformance(scope, targetId, measure);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const r = report.data;
  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to="/dashboard">
          Home
        </Anchor>
        <Anchor component={Link} to="/organisation/targets">
          Targets
        </Anchor>
        <Text fz="sm">Performance</Text>
      </Breadcrumbs>
      <PageHeader
        title="Performance against targets"
        description={
          r?.baselineYear
            ? `${r.targetName}: baseline ${r.baselineYear} to ${r.finalYear}, ${YEAR_END_LABELS[r.yearEnd ?? 'CY']}.`
            : 'Actual figures by month against the profiled target.'
        }
      />
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Target"
          w={260}
          data={(targets.data?.targets ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={r?.targetId ? String(r.targetId) : null}
          onChange={(v) => set('target', v)}
          allowDeselect={false}
        />
        <SegmentedControl
          value={measure}
          onChange={(v) => set('measure', v === 'co2e' ? null : v)}
          data={[
            { value: 'co2e', label: 'Emissions' },
            { value: 'cons', label: 'Consumption' },
          ]}
        />
      </Group>
      {report.isPending || report.isError ? (
        <QueryPending query={report} />
      ) : r && r.groups.length > 0 ? (
        <Stack>
          {r.measure === 'co2e' && <FactorEditionsNote editions={r.editions} />}
          {r.groups.map((g) => (
            <GroupPerformance key={g.id ?? 'organisation'} group={g} measure={measure} />
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">{r?.targetId ? 'This grouping has no groups yet.' : 'No targets yet.'}</Text>
      )}
    </>
  );
}
