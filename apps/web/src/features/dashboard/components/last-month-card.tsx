import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FigureBasis, Measure, MonthlySavings } from '@verdant/contracts/dashboard';
import { withGstNote } from '@verdant/domain/gst-labels';
import { formatMonth } from '@verdant/domain/month-labels';
import { formatPercent, formatQuantity, percentChange } from '@verdant/domain/unit-scaling';
import { useMonthlySavings } from '../api';
import { NO_MONTH_FIGURES } from '../comparison-chart';
import { MEASURE_LABELS } from '../dashboard-figures';
import { DashboardCard, QueryContent } from './dashboard-card';
import { EmissionsSource } from './figures-basis';

/** The last complete month's totals at a glance, each with its change against a year earlier. */
export function LastMonthCard({ basis }: { basis: FigureBasis }) {
  const cons = useMonthlySavings('cons');
  const cost = useMonthlySavings('cost');
  const co2e = useMonthlySavings('co2e', basis);
  const month = cost.data ?? co2e.data ?? cons.data;

  return (
    <DashboardCard
      title="Last month"
      subtitle={
        month ? `${formatMonth(month.month, month.year1)} vs ${formatMonth(month.month, month.year2)}` : null
      }
    >
      <QueryContent queries={[cons, cost, co2e]} skeletonHeight={180}>
        {() => (
          <SimpleGrid cols={1} spacing="md" verticalSpacing="md">
            {cost.data && <Total measure="cost" figures={cost.data} />}
            {co2e.data && <Total measure="co2e" figures={co2e.data} />}
            {cons.data && <Total measure="cons" figures={cons.data} />}
          </SimpleGrid>
        )}
      </QueryContent>
    </DashboardCard>
  );
}

/** A month without a figure says so, and then there is no change to show (docs/decisions/dashboard.md, A lived
 * month without a figure is missing). */
function Total({ measure, figures }: { measure: Measure; figures: MonthlySavings }) {
  const { missing } = figures;
  const change = missing.recent || missing.earlier ? null : percentChange(figures.cons1, figures.cons2);
  return (
    <Stack gap={0} data-testid={`last-month-${measure}`}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {withGstNote(measure, MEASURE_LABELS[measure])}
      </Text>
      <Group gap="xs" align="baseline" wrap="wrap">
        <Text fz={22} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {missing.recent ? NO_MONTH_FIGURES : formatQuantity(figures.cons1, figures.unit)}
        </Text>
        {change !== null && (
          <Text fz="sm" fw={600} c={change < 0 ? 'green' : change > 0 ? 'red' : 'dimmed'}>
            {formatPercent(change, { signed: true })}
          </Text>
        )}
      </Group>
      <Text fz="xs" c="dimmed">
        {`${missing.earlier ? NO_MONTH_FIGURES : formatQuantity(figures.cons2, figures.unit)} a year earlier`}
      </Text>
      {measure === 'co2e' && (
        <EmissionsSource
          editions={figures.editions}
          basis={figures.basis}
          restatements={figures.restatements}
        />
      )}
    </Stack>
  );
}
