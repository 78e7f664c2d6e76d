import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { kg, pct, total } from '../../../components/restatement-preview';
import { ScrollTable } from '../../../components/scroll-table';
import { useOrganisationRestatements } from '../restatements-api';

/**
 * The organisation's restatements: who confirmed each, when and why, the editions before and after, and each
 * reporting year's total as originally reported beside the restated one, against the significance threshold.
 */
export function RestatementsList() {
  const list = useOrganisationRestatements(true);
  if (!list.data) return null;
  if (list.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No restatements yet: every figure is as first reported.
      </Text>
    );
  return (
    <Stack gap="sm">
      {list.data.map((r) => (
        <Paper
          key={r.id}
          withBorder
          p="sm"
          radius="sm"
          aria-label={`Restatement ${r.id}`}
          component="article"
        >
          <Group gap="xs" justify="space-between">
            <Text size="sm" fw={600}>
              {r.editionBefore || r.editionAfter
                ? `${r.editionBefore ?? 'Earlier factors'} → ${r.editionAfter ?? 'the organisation’s choice'}`
                : 'Change of editions'}
            </Text>
            <Badge color="orange" variant={r.significant ? 'light' : 'default'}>
              {r.significant ? 'Significant' : 'Not significant'} ({r.threshold} % threshold)
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {r.confirmedBy ?? 'Someone'} confirmed it{' '}
            {r.confirmedAt ? new Date(r.confirmedAt).toLocaleString() : ''}: {r.reason}
            {` · ${r.meters} data sources`}
          </Text>
          <ScrollTable label={`Restatement ${r.id} by year`} minWidth={320}>
            <Table verticalSpacing={4} mt={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reporting year</Table.Th>
                  <Table.Th ta="right">As originally reported</Table.Th>
                  <Table.Th ta="right">Restated</Table.Th>
                  <Table.Th ta="right">Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.years.map((y) => (
                  <Table.Tr key={y.year}>
                    <Table.Td>{y.year}</Table.Td>
                    <Table.Td ta="right">{kg(total(y.before))}</Table.Td>
                    <Table.Td ta="right">{kg(total(y.after))}</Table.Td>
                    <Table.Td ta="right">{pct(y.changePercent)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>
      ))}
    </Stack>
  );
}
