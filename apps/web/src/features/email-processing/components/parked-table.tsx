import { ActionIcon, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDownload, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { ParkedEmail } from '@verdant/contracts/email-processing/queues';
import { Fragment, useState } from 'react';
import { InView } from '../../../components/in-view';
import { EmptyRow, QueryPending } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { downloadOriginal, useParkedEmails, useQueueAction } from '../api';
import { DeleteEmailModal } from './delete-email-modal';
import { fileDeletedText } from './file-deleted';
import { OriginalBesideExtracted } from './original-beside-extracted';
import { UrgencyBadge } from './urgency-badge';

const failed = (error: unknown) => {
  if (!isSilentError(error)) showErrorBanner(errorMessage(error));
};

/** Issues Awaiting Resolution: parked and deferred emails, oldest (most urgent) first; a row opens its detail. */
export function ParkedTable() {
  const list = useParkedEmails();
  const action = useQueueAction();
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ParkedEmail | null>(null);

  function run(kind: 'delete' | 'rerun', item: ParkedEmail) {
    setDeleting(null);
    action.mutate(
      { action: kind, item },
      {
        onSuccess: () =>
          showSuccessBanner(
            kind === 'delete' ? `${item.filename} deleted` : `${item.filename} scheduled for re-run`,
          ),
        onError: failed,
      },
    );
  }

  if (list.isPending || list.isError) return <QueryPending query={list} />;
  const items = list.data.data;
  return (
    <>
      <Paper withBorder radius="md">
        <ScrollTable label="Issues awaiting resolution" minWidth={980}>
          <Table verticalSpacing="sm" data-testid="parked-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36} />
                <Table.Th>File</Table.Th>
                <Table.Th>Organisation</Table.Th>
                <Table.Th>Job</Table.Th>
                <Table.Th>Error</Table.Th>
                <Table.Th w={70}>Age</Table.Th>
                <Table.Th w={150}>Urgency</Table.Th>
                <Table.Th w={300} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.length === 0 && <EmptyRow cols={8} text="No emails are awaiting resolution." />}
              {items.map((item) => {
                const expanded = open === item.file;
                const busy = action.isPending && action.variables?.item.file === item.file;
                return (
                  <Fragment key={item.file}>
                    <Table.Tr>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          onClick={() => setOpen(expanded ? null : item.file)}
                          aria-label={`${expanded ? 'Hide' : 'Show'} ${item.filename}`}
                          aria-expanded={expanded}
                        >
                          {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                        </ActionIcon>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm" fw={500}>
                          {item.filename}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {item.sender}
                          {item.queue === 'deferred' ? ' · deferred (crashed)' : ''}
                        </Text>
                        {item.fileDeletedAt && (
                          <Text fz="xs" c="red" data-testid="file-deleted">
                            {fileDeletedText(item.fileDeletedAt)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{item.organisation.name}</Table.Td>
                      <Table.Td>{item.jobName}</Table.Td>
                      <Table.Td maw={320}>
                        <Text fz="sm">{item.errorMessage}</Text>
                      </Table.Td>
                      <Table.Td>{`${item.age} d`}</Table.Td>
                      <Table.Td>
                        <UrgencyBadge urgency={item.urgency} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconDownload size={14} />}
                            disabled={item.fileDeletedAt !== null}
                            onClick={() => downloadOriginal(item).catch(failed)}
                            aria-label={`Download ${item.filename}`}
                          >
                            Download
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconRefresh size={14} />}
                            loading={busy && action.variables?.action === 'rerun'}
                            disabled={action.isPending || item.fileDeletedAt !== null}
                            onClick={() => run('rerun', item)}
                            aria-label={`Re-run ${item.filename}`}
                          >
                            Re-run
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            loading={busy && action.variables?.action === 'delete'}
                            disabled={action.isPending}
                            onClick={() => setDeleting(item)}
                            aria-label={`Delete ${item.filename}`}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr>
                        <Table.Td colSpan={8}>
                          <InView>
                            <OriginalBesideExtracted item={item} />
                          </InView>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      <DeleteEmailModal
        item={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={(i) => run('delete', i)}
      />
    </>
  );
}
