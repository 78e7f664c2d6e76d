import { Badge, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import type { IntakeAddress } from '@verdant/contracts/email-processing/intake-addresses';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { QueryPending } from '../../../components/query-state';
import { RowAction, RowActions } from '../../../components/row-actions';
import { ScrollTable } from '../../../components/scroll-table';
import { SettingsSection } from '../../../components/settings-section';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDeleteIntakeAddress, useIntakeAddresses, useSaveIntakeAddress } from '../intake-addresses-api';
import { IntakeAddressForm } from './intake-address-form';

type Confirming = { kind: 'delete' | 'deactivate'; address: IntakeAddress } | null;

const sendersText = (a: IntakeAddress) =>
  a.allowedSenders.length === 0 ? 'Nobody yet: all mail is rejected' : a.allowedSenders.join(', ');

/**
 * Invoices by email: the organisation's intake addresses (docs/decisions/email-intake.md, Managing intake
 * addresses), for its administrators and product administrators only; the calls refuse everyone else, so the
 * section is not shown to them. Add, edit, deactivate and delete, the last two after confirmation.
 */
export function IntakeAddressesSection() {
  const list = useIntakeAddresses();
  const save = useSaveIntakeAddress();
  const remove = useDeleteIntakeAddress();
  const [editing, setEditing] = useState<{ address?: IntakeAddress } | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const rows = list.data?.data ?? [];

  const setActive = (a: IntakeAddress, active: boolean) =>
    save.mutate(
      {
        addressId: a.id,
        body: {
          address: a.address,
          allowedSenders: a.allowedSenders,
          sendReceipt: a.sendReceipt,
          active,
          actingUserId: a.actingUser.id,
        },
      },
      {
        onSuccess: () => showSuccessBanner(`${a.address} ${active ? 'activated' : 'deactivated'}`),
        onError: (e) => !isSilentError(e) && showErrorBanner(errorMessage(e)),
        onSettled: () => setConfirming(null),
      },
    );
  const confirm = () => {
    if (!confirming) return;
    const a = confirming.address;
    if (confirming.kind === 'deactivate') return setActive(a, false);
    remove.mutate(a.id, {
      onSuccess: (answer) => showSuccessBanner(answer.message),
      onError: (e) => !isSilentError(e) && showErrorBanner(errorMessage(e)),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <SettingsSection
      title="Invoices by Email"
      description="Addresses your retailers email invoices to. Only mail from an allowed sender is read; each attachment is read into an invoice or parked for a product administrator."
    >
      {!list.data ? (
        <QueryPending query={list} />
      ) : rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No intake address yet: invoices cannot be emailed in.
        </Text>
      ) : (
        <ScrollTable label="Intake addresses" minWidth={820}>
          <Table striped aria-label="Intake addresses" data-testid="intake-addresses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Address</Table.Th>
                <Table.Th>Allowed senders</Table.Th>
                <Table.Th>Receipts</Table.Th>
                <Table.Th>Acts for</Table.Th>
                <Table.Th ta="right">Messages</Table.Th>
                <Table.Th w={120}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {a.address}
                    </Text>
                    <Badge size="xs" variant="light" color={a.active ? 'verdant' : 'gray'}>
                      {a.active ? 'Active' : 'Inactive: takes no mail'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" c={a.allowedSenders.length === 0 ? 'orange.8' : undefined}>
                      {sendersText(a)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{a.sendReceipt ? 'On' : 'Off'}</Table.Td>
                  <Table.Td>{a.actingUser.name}</Table.Td>
                  <Table.Td ta="right">{a.messages.toLocaleString('en-NZ')}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowAction
                        tip="Edit"
                        label={`Edit ${a.address}`}
                        icon={IconPencil}
                        onClick={() => setEditing({ address: a })}
                      />
                      {a.active ? (
                        <RowAction
                          tip="Deactivate"
                          label={`Deactivate ${a.address}`}
                          icon={IconPlayerPause}
                          onClick={() => setConfirming({ kind: 'deactivate', address: a })}
                        />
                      ) : (
                        <RowAction
                          tip="Activate"
                          label={`Activate ${a.address}`}
                          icon={IconPlayerPlay}
                          loading={save.isPending}
                          onClick={() => setActive(a, true)}
                        />
                      )}
                      <RowAction
                        tip="Delete"
                        label={`Delete ${a.address}`}
                        icon={IconTrash}
                        danger
                        onClick={() => setConfirming({ kind: 'delete', address: a })}
                      />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {list.data && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            Add intake address
          </Button>
        </Group>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.address ? 'Edit intake address' : 'Add intake address'}
        centered
      >
        {editing && list.data && (
          <IntakeAddressForm
            key={editing.address?.id ?? 'new'}
            address={editing.address}
            people={list.data.people}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming?.kind === 'delete' ? 'Delete intake address' : 'Deactivate intake address'}
        centered
      >
        <Stack>
          <Text>
            {confirming?.kind === 'delete'
              ? `Delete ${confirming.address.address}? Mail sent to it will be refused. The ${confirming.address.messages} messages received through it, and their invoices, stay.`
              : `Deactivate ${confirming?.address.address ?? ''}? Mail sent to it will be refused until it is activated again.`}
          </Text>
          <FormActions
            onCancel={() => setConfirming(null)}
            color="red"
            loading={remove.isPending || save.isPending}
            onClick={confirm}
          >
            {confirming?.kind === 'delete' ? 'Delete' : 'Deactivate'}
          </FormActions>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
