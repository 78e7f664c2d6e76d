import { EmptyState, Grid, Paper } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useGainersAndLosers, useYearlyComparison } from '../api';
import { hasFigures, NO_FIGURES } from '../dashboard-figures';
import { LastMonthCard } from './last-month-card';
import { MonthlySavingsCard } from './monthly-savings-card';
import { MoversCard } from './movers-card';
import { YearlyComparisonCard } from './yearly-comparison-card';

/** The grid follows the width of the page's content (the side navigation takes part of the window). */
const BREAKPOINTS = { xs: '420px', sm: '640px', md: '720px', lg: '1000px', xl: '1300px' };

/** The Overview tab: five cells, or one empty state when the organisation has no figures at all. */
export function Overview() {
  // Two years of every measure: if all of it is nothing, so is every card.
  const comparisons = [useYearlyComparison('cons'), useYearlyComparison('cost'), useYearlyComparison('co2e')];
  const movers = useGainersAndLosers();
  const empty =
    comparisons.every((q) => q.data !== undefined && !hasFigures(q.data)) &&
    movers.data !== undefined &&
    movers.data.gainers.length + movers.data.losers.length === 0;

  if (empty) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconChartBar size={32} />}
          withIndicatorBackground
          title={NO_FIGURES}
          description="The dashboard compares the last twelve complete months with the year before. Its figures appear once invoices, readings or transactions of this organisation's data sources cover that time."
        />
      </Paper>
    );
  }

  return (
    <Grid type="container" breakpoints={BREAKPOINTS} gap="md">
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }} order={{ base: 1 }}>
        <MonthlySavingsCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, md: 3, lg: 2 }}>
        <YearlyComparisonCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }} order={{ base: 3, md: 4, lg: 3 }}>
        <MoversCard kind="increase" movers={movers} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }} order={{ base: 4, md: 5, lg: 4 }}>
        <MoversCard kind="decrease" movers={movers} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }} order={{ base: 5, md: 2, lg: 5 }}>
        <LastMonthCard />
      </Grid.Col>
    </Grid>
  );
}
