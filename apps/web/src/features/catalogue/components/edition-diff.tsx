import { Badge, Group, NumberInput, Paper, Table, Text, Title } from '@mantine/core';
import type { EditionDetail, EditionDiffEntry } from '@verdant/contracts/catalogue-editions';
import { formatDisplayDate } from '@verdant/domain/dates';
import { ScrollTable } from '../../../components/scroll-table';

const KIND_COLOURS = { added: 'green', removed: 'red', changed: 'orange' } as const;

const period = (p: EditionDiffEntry['before']) =>
  p ? `${p.rate} (${formatDisplayDate(p.from)} to ${p.till ? formatDisplayDate(p.till) : 'open'})` : '';

/** What a draft changes against the previous edition of its publisher, above a threshold the reader sets. */
export function EditionDiff({
  diff,
  threshold,
  onThreshold,
}: {
  diff: EditionDetail['diff'];
  threshold: number;
  onThreshold: (n: number) => void;
}) {
  const { counts } = diff;
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="end" mb="sm">
        <div>
          <Title order={2} size="h4">
            What changed
          </Title>
          <Text size="sm" c="dimmed">
            {diff.previous
              ? `Against ${diff.previous.name}`
              : 'No earlier edition of this publisher: every factor is new.'}
          </Text>
        </div>
        <NumberInput
          label="Changed by more than (%)"
          min={0}
          max={1000}
          w={200}
          value={threshold}
          onChange={(v) => onThreshold(typeof v === 'number' ? v : 0)}
        />
      </Group>
      <Group gap="xs" mb="sm" aria-label="What changed, counted">
        <Badge color="green" variant="light">
          {counts.added} added
        </Badge>
        <Badge color="red" variant="light">
          {counts.removed} removed
        </Badge>
        <Badge color="orange" variant="light">
          {counts.changed} changed
        </Badge>
        <Badge variant="default">{counts.unchanged} unchanged</Badge>
      </Group>
      <ScrollTable label="What changed" minWidth={820}>
        <Table aria-label="What changed" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={130}>Change</Table.Th>
              <Table.Th>Data type</Table.Th>
              <Table.Th w={90}>Scope</Table.Th>
              <Table.Th>Before (kg CO2e per unit)</Table.Th>
              <Table.Th>After</Table.Th>
              <Table.Th ta="right" w={100}>
                %
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {diff.entries.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a data type and scope may change in several periods
              <Table.Tr key={i}>
                <Table.Td>
                  <Badge color={KIND_COLOURS[e.kind]} variant="light">
                    {e.kind}
                  </Badge>
                </Table.Td>
                <Table.Td>{e.dataTypeName}</Table.Td>
                <Table.Td>
                  {e.scope}
                  {e.basis === 'residual-mix' ? ' (market)' : ''}
                </Table.Td>
                <Table.Td>{period(e.before)}</Table.Td>
                <Table.Td>{period(e.after)}</Table.Td>
                <Table.Td ta="right">
                  {e.percent === null ? '' : `${e.percent > 0 ? '+' : ''}${e.percent.toFixed(2)} %`}
                </Table.Td>
              </Table.Tr>
            ))}
            {diff.entries.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6} c="dimmed">
                  Nothing changed by more than {threshold} %.
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
