import { EmptyState, Grid, Paper, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { FigureBasis } from '@verdant/contracts/dashboard';
import { useSearchParams } from 'react-router';
import { useGainersAndLosers, useYearlyComparison } from '../api';
import { hasFigures, NO_FIGURES } from '../dashboard-figures';
import { FiguresBasisChoice } from './figures-basis';
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
  // Restated (the default) or as originally reported, kept in the address (?figures=original) so it can be shared;
  // offered only when a restatement moved the kg CO2e of the years shown.
  const [search, setSearch] = useSearchParams();
  const restatements = comparisons[2]?.data?.restatements ?? [];
  const basis: FigureBasis =
    restatements.length > 0 && search.get('figures') === 'original' ? 'original' : 'restated';
  const choose = (next: FigureBasis) =>
    setSearch(
      (now) => {
        const params = new URLSearchParams(now);
        if (next === 'original') params.set('figures', 'original');
        else params.delete('figures');
        return params;
      },
      { replace: true },
    );
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
    <Stack gap="md">
      {restatements.length > 0 && (
        <FiguresBasisChoice basis={basis} restatements={restatements} onChange={choose} />
      )}
      <Grid type="container" breakpoints={BREAKPOINTS} gap="md">
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }} order={{ base: 1 }}>
          <MonthlySavingsCard basis={basis} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, md: 3, lg: 2 }}>
          <YearlyComparisonCard basis={basis} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }} order={{ base: 3, md: 4, lg: 3 }}>
          <MoversCard kind="increase" movers={movers} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }} order={{ base: 4, md: 5, lg: 4 }}>
          <MoversCard kind="decrease" movers={movers} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }} order={{ base: 5, md: 2, lg: 5 }}>
          <LastMonthCard basis={basis} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
