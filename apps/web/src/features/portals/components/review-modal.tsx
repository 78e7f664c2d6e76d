import { Anchor, Badge, Button, Group, Modal, ScrollArea, Table, Text, Textarea } from '@mantine/core';
import type { PortalEntry } from '@verdant/contracts/portals/review';
import type { DataEntryPortal } from '@verdant/contracts/portals/shapes';
import { formatDisplayDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyRow, QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useEntries, useReview } from '../api';

const STATUS_COLOUR: Record<string, string> = {
  'awaiting review': 'blue',
  reviewed: 'violet',
  approved: 'teal',
  'sent back': 'orange',
};

/** Review of a portal's entries: accept, send back with a comment, or give the second approval. */
export function ReviewModal({ portal, onClose }: { portal: DataEntryPortal; onClose: () => void }) {
  const entries = useEntries(portal.id);
  const review = useReview();
  const [sendingBack, setSendingBack] = useState<PortalEntry | null>(null);
  const [comment, setComment] = useState('');

  function decide(entry: PortalEntry, decision: 'accept' | 'send back' | 'approve', text = '') {
    review.mutate(
      { id: portal.id, entryId: entry.id, body: { decision, comment: text } },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          setSendingBack(null);
          setComment('');
        },
        onError: (error) => showErrorBanner(errorMessage(error)),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Review: ${portal.name}`} size="100%" centered>
      <QueryState query={entries}>
        {(data) => (
          <ScrollArea>
            <Table aria-label="Entries" striped miw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Period</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>Figure</Table.Th>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.length === 0 && <EmptyRow cols={6} text="No entries yet." />}
                {data.entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{`${formatDisplayDate(e.periodStart)} to ${formatDisplayDate(e.periodEnd)}`}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/data-sources/${e.meterId}/consumption`}>
                        {e.quantity}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {`${e.value.toLocaleString('en-NZ')}${e.unit ? ` ${e.unit}` : ''}`}
                      {e.attachment && (
                        <Text fz="xs" c="dimmed">
                          {e.attachment.filename}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {formatDisplayDate(e.receivedAt)}
                      {e.late && (
                        <Badge ml={6} color="red" variant="light" size="sm">
                          late
                        </Badge>
                      )}
                      {e.contactEmail && (
                        <Text fz="xs" c="dimmed">
                          {e.contactEmail}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOUR[e.status] ?? 'gray'}>{e.status}</Badge>
                      {e.comment && <Text fz="xs">{e.comment}</Text>}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        {e.status === 'awaiting review' && (
                          <>
                            <Button size="xs" onClick={() => decide(e, 'accept')} loading={review.isPending}>
                              Accept
                            </Button>
                            <Button size="xs" variant="default" onClick={() => setSendingBack(e)}>
                              Send back
                            </Button>
                          </>
                        )}
                        {e.status === 'reviewed' && (
                          <Button size="xs" onClick={() => decide(e, 'approve')} loading={review.isPending}>
                            Approve
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </QueryState>
      <Modal opened={sendingBack !== null} onClose={() => setSendingBack(null)} title="Send back" centered>
        <Textarea
          label="Why is it sent back?"
          description="The contact who gave an email is told, with the link to correct it."
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" mt="md">
          <Button
            disabled={comment.trim() === ''}
            loading={review.isPending}
            onClick={() => sendingBack && decide(sendingBack, 'send back', comment)}
          >
            Send back
          </Button>
        </Group>
      </Modal>
    </Modal>
  );
}
