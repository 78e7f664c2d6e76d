import { Alert, Button, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconCalendarOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { type MeterNote, NOTE_KIND_LABELS } from '@verdant/contracts/data-sources/notes';
import { formatDisplayDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RowAction } from '../../../components/row-actions';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { useSetQuery } from '../../../lib/use-set-query';
import type { TabProps } from '../tab-props';
import { useMeterNotes } from './api';
import { NoteModal } from './note-modal';

const KIND_COLOURS = { NO_END: 'blue', HAS_END: 'teal', INVOICE: 'grape' } as const;

/**
 * /data-sources/{id}/notes: the data source's notes; editors add and change them. `?show=new` opens New Note,
 * bound to the invoice `invoice` names when it does (the invoice list's note icon).
 */
export function NotesTab({ meter }: TabProps) {
  const notes = useMeterNotes(meter.id);
  const [params] = useSearchParams();
  const setQuery = useSetQuery();
  const [editing, setEditing] = useState<MeterNote | 'new' | null>(null);
  const mayEdit = notes.data?.mayEdit === true;
  const invoiceParam = params.get('invoice');
  const linkedInvoice = invoiceParam && /^\d{1,9}$/.test(invoiceParam) ? Number(invoiceParam) : null;
  const asked = params.get('show') === 'new' && mayEdit;
  const close = () => {
    setEditing(null);
    if (asked) setQuery({ show: null, invoice: null }, { replace: true });
  };

  if (notes.isPending) return <Loader aria-label="Loading notes" />;
  if (notes.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(notes.error)}
      </Alert>
    );
  }
  const list = notes.data.notes;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Notes</Text>
        {mayEdit && (
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New Note
          </Button>
        )}
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" fz="sm">
          There are no notes on this data source.
        </Text>
      ) : (
        <ScrollTable label="Notes table" minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Notes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>Till</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>By</Table.Th>
                {mayEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((n) => (
                <Table.Tr key={n.id} data-note-id={n.id}>
                  <Table.Td>
                    <Text fz="sm" fw={500} c={`${KIND_COLOURS[n.kind]}.9`}>
                      {NOTE_KIND_LABELS[n.kind]}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(n.dateFrom)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {n.dateTill ? formatDisplayDate(n.dateTill) : <Text c="dimmed">-</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {n.text}
                    </Text>
                    {n.invoiceGapFiller && (
                      <Group gap={4} mt={2}>
                        <IconCalendarOff size={14} color="var(--mantine-color-orange-7)" aria-hidden />
                        <Text fz="xs" fw={600}>
                          Non-invoicing period
                        </Text>
                      </Group>
                    )}
                    {n.kind === 'INVOICE' && (
                      <Text fz="xs" c="dimmed">{`Invoice ${n.invoiceNumber ?? n.invoiceId}`}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{n.createdBy ?? '-'}</Text>
                  </Table.Td>
                  {mayEdit && (
                    <Table.Td>
                      <RowAction
                        tip="Edit note"
                        label="Edit note"
                        onClick={() => setEditing(n)}
                        icon={IconPencil}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {(editing !== null || asked) && (
        <NoteModal
          meterId={meter.id}
          note={editing === null || editing === 'new' ? null : editing}
          invoiceId={editing === null ? linkedInvoice : null}
          onClose={close}
        />
      )}
    </Paper>
  );
}
