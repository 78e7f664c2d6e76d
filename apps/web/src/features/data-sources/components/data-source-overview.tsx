import { Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { formatDisplayDate } from '@verdant/domain/dates';
import { COST_EXCL_GST } from '@verdant/domain/gst-labels';
import { MSG } from '@verdant/domain/messages';
import { formatMonth } from '@verdant/domain/month-labels';
import { reportingYearStart } from '@verdant/domain/reporting-year';
import { formatQuantity } from '@verdant/domain/unit-scaling';
import { useMemo, useState } from 'react';
import { AlertPanel } from '../../../components/alert-panel';
import { ComparisonChart, type ComparisonMeasure, lastYearShown } from '../../../components/comparison-chart';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { useMeterGraph } from '../data-source-api';

/** The year (of its last month) of the reporting year that holds the last complete month. */
function currentYear(meter: MeterDetail) {
  const start = reportingYearStart(`${meter.lastCompleteMonth}-01`, meter.reportingYearEnd);
  return Number(start.slice(0, 4)) + (meter.reportingYearEnd === 12 ? 0 : 1);
}

function Incomplete() {
  return (
    <Tooltip label={MSG.incompleteMonth}>
      <IconAlertTriangle
        size={16}
        color="var(--mantine-color-orange-8)"
        aria-label={MSG.incompleteMonth}
        role="img"
      />
    </Tooltip>
  );
}

function LatestFigures({ meter }: { meter: MeterDetail }) {
  const [month] = meter.latest;
  if (!month) return null;
  const tiles = [
    {
      label: 'Consumption',
      value: formatQuantity(month.consumption, meter.unit ?? ''),
      incomplete: month.consIncomplete,
    },
    { label: COST_EXCL_GST, value: formatQuantity(month.cost, '$'), incomplete: month.costIncomplete },
    { label: 'Emissions', value: formatQuantity(month.co2e, 'kg CO2e'), incomplete: month.co2eIncomplete },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Text
        fw={600}
        mb="xs"
      >{`Latest figures: ${formatMonth(Number(month.month.slice(5, 7)), Number(month.month.slice(0, 4)))}`}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {tiles.map((t) => (
          <Stack key={t.label} gap={2} data-testid={`latest-${t.label.split(' ')[0]?.toLowerCase()}`}>
            <Text fz="sm" c="dimmed">
              {t.label}
            </Text>
            <Group gap={6}>
              <Text fz="xl" fw={600}>
                {t.value}
              </Text>
              {t.incomplete && <Incomplete />}
            </Group>
            {t.label === 'Emissions' && <FactorEditionsNote editions={month.editions} />}
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The ledger counts only the days of the open period (docs/decisions/ledger.md, Inputs outside a meter's open
 * period).
 */
function OpenPeriodNote({ meter }: { meter: MeterDetail }) {
  const { meterOpen, meterClose } = meter;
  if (!meterOpen && !meterClose) return null;
  const limits = [
    meterOpen ? `before the open date (${formatDisplayDate(meterOpen)})` : null,
    meterClose ? `after the close date (${formatDisplayDate(meterClose)})` : null,
  ].filter(Boolean);
  return (
    <Text fz="sm" c="dimmed" data-testid="open-period-note">
      {`Figures count only the days this data source was open: inputs dated ${limits.join(' or ')} are kept but not counted.`}
    </Text>
  );
}

/** The meter's open alerts, with the list's schedule and delete actions (spec 2.2, 4). */
function OpenAlerts({ meter }: { meter: MeterDetail }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="md" fw={600} mb="xs">
        Open alerts
      </Title>
      <AlertPanel meterId={meter.id} name={meter.localName} mayEdit={meter.mayEdit} />
    </Paper>
  );
}

/**
 * /data-sources/{id}: this year against last year from the ledger, the latest month's figures and the open
 * alerts.
 */
export function DataSourceOverview({ meter }: { meter: MeterDetail }) {
  const [measure, setMeasure] = useState<ComparisonMeasure>('cons');
  const [year, setYear] = useState(() => currentYear(meter));
  const graph = useMeterGraph(meter.id, measure, year, meter.reportingYearEnd);
  // Months the ledger marks incomplete (the chart adds today's month and leaves later ones out).
  const incomplete = useMemo(
    () => new Set(graph.data ? graph.data.months.filter((_, i) => graph.data.incomplete[0][i]) : []),
    [graph.data],
  );
  return (
    <Stack gap="md">
      <LatestFigures meter={meter} />
      <OpenAlerts meter={meter} />
      <ComparisonChart
        graph={graph.data}
        measure={measure}
        onMeasure={setMeasure}
        year={year}
        onYear={setYear}
        incomplete={incomplete}
        maxYear={graph.data ? lastYearShown(graph.data.currentMonth, meter.reportingYearEnd) : undefined}
      />
      <OpenPeriodNote meter={meter} />
    </Stack>
  );
}
