import { Button, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { DataEntryPortal, NewPortalQuantity } from '@verdant/contracts/portals/shapes';
import { fill } from '@verdant/domain/messages';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useRemoveQuantity } from '../api';

/**
 * A portal's quantities in New Portal and Edit Portal: existing ones renamed in place and, without entries,
 * removed after a confirmation (the data source and its figures stay); those being added listed below.
 */
export function QuantityTable({
  portal,
  names,
  onRename,
  added,
  removed,
  onRemoved,
}: {
  portal: DataEntryPortal | null;
  names: Record<number, string>;
  onRename: (meterId: number, name: string) => void;
  added: NewPortalQuantity[];
  removed: number[];
  onRemoved: (meterId: number) => void;
}) {
  const remove = useRemoveQuantity();
  const existing = (portal?.quantities ?? []).filter((q) => !removed.includes(q.meterId));
  const confirmRemove = (id: number, q: { meterId: number; name: string }) =>
    modals.openConfirmModal({
      title: 'Remove quantity',
      centered: true,
      children: <Text fz="sm">{fill(PORTAL_MSG.removeQuantityConfirm, { name: q.name })}</Text>,
      labels: { confirm: 'Remove quantity', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { id, meterId: q.meterId },
          {
            onSuccess: (answer) => {
              showSuccessBanner(answer.message);
              onRemoved(q.meterId);
            },
            onError: (error) => showErrorBanner(errorMessage(error)),
          },
        ),
    });
  return (
    <Table aria-label="Quantities">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Quantity</Table.Th>
          <Table.Th>Measuring</Table.Th>
          <Table.Th>Unit</Table.Th>
          {portal && (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {existing.map((q) => (
          <Table.Tr key={q.meterId}>
            <Table.Td>
              <TextInput
                aria-label={`Name of ${q.name}`}
                value={names[q.meterId] ?? q.name}
                onChange={(e) => onRename(q.meterId, e.currentTarget.value)}
              />
            </Table.Td>
            <Table.Td>{q.energy.energyDescr}</Table.Td>
            <Table.Td>{q.unit.name}</Table.Td>
            {portal && (
              <Table.Td>
                {!q.hideDelete && existing.length > 1 && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${q.name}`}
                    onClick={() => confirmRemove(portal.id, q)}
                  >
                    Remove
                  </Button>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
        {added.map((q) => (
          <Table.Tr key={q.name}>
            <Table.Td>{q.name}</Table.Td>
            <Table.Td colSpan={portal ? 3 : 2}>
              {q.meterId ? 'An existing data source' : 'A new data source'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
