import { Anchor, Button, Group, Paper, Table, Text } from '@mantine/core';
import { formatDisplayDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-fields';
import { EmptyRow, QueryPending } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { usePreprocessLog, useTrimLog } from '../api';

/** A preprocess log (Rejected or Accepted), newest first, with Trim: remove the entries before a date. */
export function LogView({ log }: { log: 'rejected' | 'accepted' }) {
  const entries = usePreprocessLog(log);
  const trim = useTrimLog();
  const [before, setBefore] = useState<string | null>(null);
  const valid = before !== null && /^\d{4}-\d{2}-\d{2}$/.test(before);

  function runTrim() {
    if (!valid) return;
    trim.mutate(before, {
      onSuccess: (answer) => showSuccessBanner(answer.message),
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(errorMessage(error));
      },
    });
  }

  return (
    <>
      <Group align="flex-end" mb="md" gap="sm">
        <DateField label="Trim entries before" value={before} onChange={setBefore} w={200} />
        <Button onClick={runTrim} disabled={!valid} loading={trim.isPending}>
          Trim
        </Button>
      </Group>
      {entries.isPending || entries.isError ? (
        <QueryPending query={entries} />
      ) : (
        <Paper withBorder radius="md">
          <ScrollTable label={`${log === 'accepted' ? 'Accepted' : 'Rejected'} log`} minWidth={720}>
            <Table striped verticalSpacing="xs" data-testid={`${log}-log`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>Time (UTC)</Table.Th>
                  <Table.Th w={180}>Organisation</Table.Th>
                  <Table.Th>Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.data.data.length === 0 && <EmptyRow cols={3} text="The log is empty." />}
                {entries.data.data.map((e) => (
                  <Table.Tr key={`${e.timestamp}-${e.message}`}>
                    <Table.Td>{`${formatDisplayDate(e.timestamp.slice(0, 10))} ${e.timestamp.slice(11, 16)}`}</Table.Td>
                    <Table.Td>{e.organisation}</Table.Td>
                    <Table.Td>
                      <Text fz="sm">{e.message}</Text>
                      {e.meterId !== null && e.invoiceId !== null && (
                        <Anchor
                          component={Link}
                          to={`/data-sources/${e.meterId}/invoices/${e.invoiceId}`}
                          fz="sm"
                        >
                          Open the invoice
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>
      )}
    </>
  );
}
