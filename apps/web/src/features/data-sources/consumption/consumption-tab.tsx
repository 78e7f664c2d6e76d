import { Alert, Button, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { neighboursOf } from '@verdant/domain/consumption-records';
import { useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import type { TabProps } from '../tab-props';
import { useConsumption } from './api';
import { NewConsumptionDialog } from './new-consumption-dialog';
import { RecordRow } from './record-row';

/** /data-sources/{id}/consumption: the consumption records (From, Till, Used); editors add, change, delete. */
export function ConsumptionTab({ meter }: TabProps) {
  const list = useConsumption(meter.id);
  const [adding, setAdding] = useState(false);

  if (list.isPending) return <Loader aria-label="Loading consumption records" />;
  if (list.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(list.error)}
      </Alert>
    );
  }
  const { records, mayEdit, readOnlyReason } = list.data;
  const dates = { meterOpen: list.data.meterOpen, meterClose: list.data.meterClose };
  // Newest first, as the other input lists are.
  const shown = [...records].reverse();
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Consumption</Text>
        {mayEdit && (
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            New Consumption Record
          </Button>
        )}
      </Group>
      {readOnlyReason && (
        <Alert color="blue" variant="light" mb="sm">
          {readOnlyReason}
        </Alert>
      )}
      {records.length === 0 ? (
        <Text c="dimmed" fz="sm">
          There are no consumption records on this data source.
        </Text>
      ) : (
        <ScrollTable label="Consumption records table" minWidth={460}>
          <Table verticalSpacing="xs" aria-label="Consumption records">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From</Table.Th>
                <Table.Th>Till</Table.Th>
                <Table.Th ta="right">Used</Table.Th>
                <Table.Th>Attachment</Table.Th>
                {mayEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <RecordRow
                  key={r.id}
                  meterId={meter.id}
                  record={r}
                  around={neighboursOf(records, r.id)}
                  meter={dates}
                  mayEdit={mayEdit}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {adding && (
        <NewConsumptionDialog
          meterId={meter.id}
          unit={list.data.unit}
          meter={dates}
          existing={records}
          onClose={() => setAdding(false)}
        />
      )}
    </Paper>
  );
}
