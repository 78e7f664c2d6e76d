import {
  Alert,
  Anchor,
  Center,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { withGstNote } from '@verdant/domain/gst-labels';
import { axisScale, formatQuantity } from '@verdant/domain/unit-scaling';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Chart, registerChartParts } from '../../../components/chart';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { errorMessage } from '../../../lib/api-errors';
import { useEmitters, useSiteAlerts, useSiteRanking } from '../organisation-api';
import { emittersOption, rankingOption } from '../overview-charts';

// The chart kinds and components this screen draws (components/chart.tsx registers only the renderer).
registerChartParts([BarChart, GridComponent, LegendComponent, TooltipComponent]);

const CHART_HEIGHT = 320;
const MEASURES = [
  { value: 'cons', label: 'Consumers', title: 'Highest consumers' },
  { value: 'cost', label: 'Expenditure', title: 'Highest expenditure' },
  { value: 'co2e', label: 'Emissions', title: 'Highest emissions' },
] as const;
type RankMeasure = (typeof MEASURES)[number]['value'];
const MEASURE_NAMES: Record<RankMeasure, string> = { cons: 'Consumption', cost: 'Cost', co2e: 'Emissions' };

function Card({
  title,
  subtitle,
  controls,
  children,
}: {
  title: string;
  subtitle?: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md" h="100%">
      <Stack gap="sm">
        <Stack gap={6}>
          <Title order={2} fz="md" id={id}>
            {title}
          </Title>
          {subtitle && (
            <Text fz="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
          {controls}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

function Content<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  empty: boolean;
  children: ReactNode;
}) {
  if (query.isPending) return <Skeleton h={CHART_HEIGHT} />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  if (empty)
    return (
      <Center h={120}>
        <Text c="dimmed" fz="sm">
          No figures for this month
        </Text>
      </Center>
    );
  return <>{children}</>;
}

/** Highest emitters of the month, scope 1, 2 and 3 stacked per site. */
export function EmittersCard({ month, monthLabel }: { month: string; monthLabel: string }) {
  const theme = useMantineTheme();
  const query = useEmitters(month);
  const option = useMemo(
    () =>
      query.data &&
      emittersOption(query.data, [
        theme.colors.orange[6],
        theme.colors.verdant?.[6] ?? theme.colors.teal[6],
        theme.colors.gray[5],
      ]),
    [query.data, theme],
  );
  const sites = query.data?.sites ?? [];
  return (
    <Card
      title={`Highest emitters, ${monthLabel}`}
      subtitle={
        sites.length > 0
          ? `Scope 1, 2 and 3 emissions in ${axisScale(Math.max(...sites.map((s) => s.total)), 'kg CO2e').unit}`
          : undefined
      }
    >
      <Content query={query} empty={sites.length === 0}>
        {option && (
          <Chart
            option={option}
            height={CHART_HEIGHT}
            label={`Highest emitting sites in ${monthLabel}, by scope`}
          >
            <VisuallyHidden>
              <table>
                <thead>
                  <tr>
                    <th>Site</th>
                    <th>Scope 1</th>
                    <th>Scope 2</th>
                    <th>Scope 3</th>
                  </tr>
                </thead>
                <tbody>
                  {sites.map((s) => (
                    <tr key={s.siteId}>
                      <th scope="row">{s.siteName}</th>
                      <td>{formatQuantity(s.scope1, 'kg CO2e')}</td>
                      <td>{formatQuantity(s.scope2, 'kg CO2e')}</td>
                      <td>{formatQuantity(s.scope3, 'kg CO2e')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </Chart>
        )}
        {query.data && <FactorEditionsNote editions={query.data.editions} />}
      </Content>
    </Card>
  );
}

/** Highest consumers, expenditure or emissions of the month, switchable. */
export function RankingCard({ month, monthLabel }: { month: string; monthLabel: string }) {
  const theme = useMantineTheme();
  const [measure, setMeasure] = useState<RankMeasure>('cons');
  const query = useSiteRanking(measure, month);
  const option = useMemo(
    () => query.data && rankingOption(query.data, theme.colors.verdant?.[6] ?? theme.colors.teal[6]),
    [query.data, theme],
  );
  const title = MEASURES.find((m) => m.value === measure)?.title ?? '';
  const sites = query.data?.sites ?? [];
  return (
    <Card
      title={`${title}, ${monthLabel}`}
      subtitle={
        query.data && sites.length > 0
          ? `${withGstNote(measure, MEASURE_NAMES[measure])} in ${axisScale(Math.max(...sites.map((s) => Math.abs(s.value))), query.data.unit).unit}`
          : undefined
      }
      controls={
        <SegmentedControl
          size="xs"
          aria-label="Rank sites by"
          value={measure}
          onChange={(v) => setMeasure(v as RankMeasure)}
          data={MEASURES.map((m) => ({ value: m.value, label: m.label }))}
        />
      }
    >
      <Content query={query} empty={sites.length === 0}>
        {option && query.data && (
          <Chart option={option} height={CHART_HEIGHT} label={`${title} in ${monthLabel}`}>
            <VisuallyHidden>
              <table>
                <tbody>
                  {sites.map((s) => (
                    <tr key={s.siteId}>
                      <th scope="row">{s.siteName}</th>
                      <td>{formatQuantity(s.value, query.data.unit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </Chart>
        )}
        {query.data?.unit === 'kg CO2e' && <FactorEditionsNote editions={query.data.editions} />}
      </Content>
    </Card>
  );
}

/** Sites with the most alerts. */
export function AlertsCard() {
  const query = useSiteAlerts();
  const sites = query.data ?? [];
  return (
    <Card title="Most alerts">
      {query.isPending ? (
        <Skeleton h={120} />
      ) : query.isError ? (
        <Alert color="red">{errorMessage(query.error)}</Alert>
      ) : sites.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No sites
        </Text>
      ) : (
        <>
          <Table aria-label="Sites with the most alerts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Site</Table.Th>
                <Table.Th ta="right">Alerts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sites.map((s) => (
                <Table.Tr key={s.siteId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/sites/${s.siteId}`} fz="sm">
                      {s.siteName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{s.alerts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {sites.every((s) => s.alerts === 0) && (
            <Text c="dimmed" fz="xs">
              No alerts have been raised.
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
