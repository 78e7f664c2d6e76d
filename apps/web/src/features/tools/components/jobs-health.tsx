import { Badge, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { QueryState } from '../../../components/query-state';
import { useJobsHealth } from '../api';
import { when } from './when';

const age = (s: number | null) =>
  s === null ? '' : s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;

/** For product administrators: queue depth per kind, the oldest queued job, failures and workers' heartbeats. */
export function JobsHealth() {
  const health = useJobsHealth(true);
  return (
    <QueryState query={health}>
      {(h) => (
        <SimpleGrid cols={{ base: 1, md: 3 }} mb="md">
          <Paper withBorder p="sm" radius="md">
            <Title order={3} size="h5" mb="xs">
              Queues
            </Title>
            <Table aria-label="Queues" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th ta="right">Queued</Table.Th>
                  <Table.Th ta="right">Running</Table.Th>
                  <Table.Th ta="right">Oldest queued</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.queues.map((q) => (
                  <Table.Tr key={q.kind}>
                    <Table.Td>{q.kind}</Table.Td>
                    <Table.Td ta="right">{q.queued}</Table.Td>
                    <Table.Td ta="right">{q.running}</Table.Td>
                    <Table.Td ta="right">{age(q.oldestQueuedSeconds)}</Table.Td>
                  </Table.Tr>
                ))}
                {h.queues.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4} c="dimmed">
                      No jobs yet.
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Paper>
          <Paper withBorder p="sm" radius="md">
            <Title order={3} size="h5" mb="xs">
              Failures in the last 24 hours
            </Title>
            <Text size="xl" fw={700} c={h.failures24h > 0 ? 'red' : undefined}>
              {h.failures24h}
            </Text>
            <Text size="xs" c="dimmed">
              Jobs that crashed
            </Text>
          </Paper>
          <Paper withBorder p="sm" radius="md">
            <Title order={3} size="h5" mb="xs">
              Workers
            </Title>
            {h.workers.length === 0 && (
              <Text size="sm" c="orange">
                No worker has sent a heartbeat today: jobs wait until one starts.
              </Text>
            )}
            {h.workers.map((w) => (
              <Group key={w.id} gap="xs" wrap="nowrap">
                <Badge color={w.alive ? 'green' : 'red'} variant="dot" style={{ flexShrink: 0 }}>
                  {w.alive ? 'Alive' : 'Silent'}
                </Badge>
                <Text size="sm" truncate>
                  {w.host} (pid {w.pid}) · last heartbeat {when(w.heartbeatAt)}
                  {w.runningJobId ? ` · running job ${w.runningJobId}` : ''}
                </Text>
              </Group>
            ))}
          </Paper>
        </SimpleGrid>
      )}
    </QueryState>
  );
}
