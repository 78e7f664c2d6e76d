import { Anchor, Box, Center, Group, Progress, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { GainersAndLosers } from '@verdant/contracts/dashboard';
import { formatMonth } from '@verdant/domain/month-labels';
import { formatPercent } from '@verdant/domain/unit-scaling';
import { Link } from 'react-router';
import { NO_DECREASES, NO_INCREASES } from '../dashboard-figures';
import { DashboardCard, QueryContent } from './dashboard-card';

const KINDS = {
  increase: { title: 'Top Consumption Increase', empty: NO_INCREASES, colour: 'red' },
  decrease: { title: 'Top Consumption Decrease', empty: NO_DECREASES, colour: 'green' },
} as const;

/**
 * The meters whose consumption last month rose (or fell) most against the same month a year earlier, at
 * most ten (the API's limit); each links to its data source page.
 */
export function MoversCard({
  kind,
  movers,
}: {
  kind: keyof typeof KINDS;
  movers: UseQueryResult<GainersAndLosers>;
}) {
  const { title, empty, colour } = KINDS[kind];
  const answer = movers.data;
  const rows = answer ? (kind === 'increase' ? answer.gainers : answer.losers) : [];
  const largest = Math.max(...rows.map((row) => Math.abs(row.percentage)), 0);

  return (
    <DashboardCard
      title={title}
      subtitle={
        answer
          ? `${formatMonth(answer.month, answer.year)} vs ${formatMonth(answer.month, answer.year - 1)}`
          : null
      }
    >
      <QueryContent queries={[movers]} skeletonHeight={240}>
        {() =>
          rows.length === 0 ? (
            <Center mih={120}>
              <Text c="dimmed" fz="sm">
                {empty}
              </Text>
            </Center>
          ) : (
            <Stack component="ol" gap={10} m={0} p={0} style={{ listStyle: 'none' }}>
              {rows.map((row) => (
                <Box component="li" key={row.id}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Anchor
                      component={Link}
                      to={`/data-sources/${row.id}`}
                      fz="sm"
                      truncate="end"
                      title={row.displayName}
                      miw={0}
                    >
                      {row.displayName}
                    </Anchor>
                    <Text
                      fz="sm"
                      fw={600}
                      c={colour}
                      style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatPercent(row.percentage, { signed: true })}
                    </Text>
                  </Group>
                  <Progress
                    value={largest === 0 ? 0 : (Math.abs(row.percentage) / largest) * 100}
                    color={colour}
                    size={4}
                    mt={4}
                    aria-hidden
                  />
                </Box>
              ))}
            </Stack>
          )
        }
      </QueryContent>
    </DashboardCard>
  );
}
