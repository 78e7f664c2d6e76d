import { Box, Center, ColorSwatch, Group, Stack, Text, useMantineTheme } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { FigureBasis, Measure, MonthlySavings } from '@verdant/contracts/dashboard';
import { formatMonth, monthKey } from '@verdant/domain/month-labels';
import { formatPercent, formatQuantity, percentChange } from '@verdant/domain/unit-scaling';
import { useMemo, useState } from 'react';
import { DonutChart, type DonutSlice } from '../../../components/donut-chart';
import { useMonthlySavings, useYearlyComparison } from '../api';
import { INCOMPLETE_MONTH, noTrendSentence, savingsTrend } from '../dashboard-figures';
import { DashboardCard, QueryContent } from './dashboard-card';
import { EmissionsSource } from './figures-basis';
import { MeasureSwitch } from './measure-switch';

const DONUT_HEIGHT = 230;

/** The last complete month against the same month a year earlier, as a donut green for a saving. */
export function MonthlySavingsCard({ basis }: { basis: FigureBasis }) {
  const [measure, setMeasure] = useState<Measure>('cons');
  const savings = useMonthlySavings(measure, basis);
  // The comparison names incomplete months; it is usually in the cache already.
  const comparison = useYearlyComparison(measure, basis);
  const trend = savings.data ? savingsTrend(savings.data) : null;
  const incomplete =
    savings.data !== undefined &&
    (comparison.data?.incompleteMonths.includes(monthKey(savings.data.month, savings.data.year1)) ?? false);

  return (
    <DashboardCard
      title="Monthly savings vs last year"
      controls={<MeasureSwitch value={measure} onChange={setMeasure} />}
      data-trend={trend ?? undefined}
      data-measure={measure}
      data-basis={savings.data?.basis}
    >
      <QueryContent queries={[savings]} skeletonHeight={DONUT_HEIGHT + 60}>
        {() =>
          savings.data && <SavingsDonut savings={savings.data} measure={measure} incomplete={incomplete} />
        }
      </QueryContent>
    </DashboardCard>
  );
}

function SavingsDonut({
  savings,
  measure,
  incomplete,
}: {
  savings: MonthlySavings;
  measure: Measure;
  incomplete: boolean;
}) {
  const theme = useMantineTheme();
  const { cons1, cons2, month, year1, year2, unit } = savings;
  const recentLabel = formatMonth(month, year1);
  const earlierLabel = formatMonth(month, year2);
  const trend = savingsTrend(savings);
  const change = percentChange(cons1, cons2);
  const trendColor = trend === 'down' ? theme.colors.green[6] : theme.colors.red[6];
  const earlierColor = theme.colors.gray[3];

  // A credit can make a month negative; the ring draws it as nothing, the figures below say what it is.
  const slices = useMemo<DonutSlice[]>(
    () => [
      { name: recentLabel, value: cons1, colour: trendColor },
      { name: earlierLabel, value: cons2, colour: earlierColor },
    ],
    [cons1, cons2, recentLabel, earlierLabel, trendColor, earlierColor],
  );
  const format = useMemo(() => (value: number) => formatQuantity(value, unit), [unit]);

  // Either month without a figure: no trend, never green or red (docs/decisions/dashboard.md, A lived month
  // without a figure is missing).
  if (trend === null) {
    return (
      <Center mih={DONUT_HEIGHT} px="md">
        <Text c="dimmed" fz="sm" ta="center" data-testid="savings-no-trend">
          {noTrendSentence(savings, measure)}
        </Text>
      </Center>
    );
  }

  const centre = (
    <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
      <Stack gap={0} align="center">
        <Text fz={26} fw={700} lh={1.1} c={trend === 'down' ? 'green' : 'red'} data-testid="savings-change">
          {change === null ? '–' : formatPercent(change, { signed: true })}
        </Text>
        <Text fz="xs" c="dimmed">
          {change === null ? `nothing in ${year2}` : `vs ${year2}`}
        </Text>
      </Stack>
    </Center>
  );

  return (
    <Stack gap="xs" justify="space-between" style={{ flex: 1 }}>
      <DonutChart
        slices={slices}
        format={format}
        height={DONUT_HEIGHT}
        label={`${recentLabel}: ${formatQuantity(cons1, unit)}; ${earlierLabel}: ${formatQuantity(cons2, unit)}`}
        overlay={centre}
      />
      <Box>
        <Text fz="sm" fw={600} ta="center" data-testid="savings-caption">
          {`${recentLabel} vs ${earlierLabel}`}
        </Text>
        <Group justify="center" mt={4} style={{ columnGap: 'var(--mantine-spacing-lg)', rowGap: 2 }}>
          <Figure
            color={trendColor}
            label={String(year1)}
            value={formatQuantity(cons1, unit)}
            testId="savings-recent"
          />
          <Figure
            color={earlierColor}
            label={String(year2)}
            value={formatQuantity(cons2, unit)}
            testId="savings-earlier"
          />
        </Group>
        {incomplete && (
          <Group gap={4} justify="center" mt={6} c="orange">
            <IconAlertTriangle size={14} aria-hidden />
            <Text fz="xs">{INCOMPLETE_MONTH}</Text>
          </Group>
        )}
        {measure === 'co2e' && (
          <Box mt={6}>
            <EmissionsSource
              editions={savings.editions}
              basis={savings.basis}
              restatements={savings.restatements}
              centred
            />
          </Box>
        )}
      </Box>
    </Stack>
  );
}

function Figure({
  color,
  label,
  value,
  testId,
}: {
  color: string;
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={color} size={10} withShadow={false} aria-hidden />
      <Text fz="sm">
        <Text span c="dimmed" fz="sm">
          {`${label}: `}
        </Text>
        <Text span fw={600} fz="sm" data-testid={testId}>
          {value}
        </Text>
      </Text>
    </Group>
  );
}
