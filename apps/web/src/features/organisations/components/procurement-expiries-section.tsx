import { Button, Group, Modal, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type ProcurementExpiry,
  type ProcurementExpiryRequest,
  procurementExpiryRequest,
} from '@verdant/contracts/organisations/expiries';
import { formatDisplayDate } from '@verdant/domain/dates';
import { fill, MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { RowAction, RowActions } from '../../../components/row-actions';
import { SettingsSection } from '../../../components/settings-section';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDeleteExpiry, useExpiries, useSaveExpiry } from '../organisation-api';

type Editing = { expiry?: ProcurementExpiry } | null;

/** Procurement expiries: supply contracts and when they end, soonest first; add, edit and delete. */
export function ProcurementExpiriesSection({ mayEdit }: { mayEdit: boolean }) {
  const expiries = useExpiries();
  const remove = useDeleteExpiry();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ProcurementExpiry | null>(null);
  const rows = expiries.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.description;
    remove.mutate(deleting.expiryId, {
      onSuccess: () => showSuccessBanner(fill(MSG.fileDeleted, { name })),
      onError: (failure) => {
        if (!isSilentError(failure))
          showErrorBanner(fill(MSG.deleteFailed, { name, message: errorMessage(failure) }));
      },
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <SettingsSection title="Procurement Expiries" description="Supply contracts and when they end.">
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {expiries.isPending ? 'Loading…' : 'No procurement expiries'}
        </Text>
      ) : (
        <Table striped highlightOnHover aria-label="Procurement expiries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th w={140}>Expiry Date</Table.Th>
              {mayEdit && (
                <Table.Th w={90}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.expiryId}>
                <Table.Td>{row.description}</Table.Td>
                <Table.Td>{formatDisplayDate(row.expiryDate)}</Table.Td>
                {mayEdit && (
                  <Table.Td>
                    <RowActions>
                      <RowAction
                        tip="Edit"
                        label={`Edit ${row.description}`}
                        icon={IconPencil}
                        onClick={() => setEditing({ expiry: row })}
                      />
                      <RowAction
                        tip="Delete"
                        label={`Delete ${row.description}`}
                        icon={IconTrash}
                        danger
                        onClick={() => setDeleting(row)}
                      />
                    </RowActions>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {mayEdit && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            Add expiry
          </Button>
        </Group>
      )}
      <ExpiryModal editing={editing} onClose={() => setEditing(null)} />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete procurement expiry"
        centered
      >
        <Stack>
          <Text>{`Delete ${deleting?.description ?? ''}?`}</Text>
          <FormActions
            onCancel={() => setDeleting(null)}
            color="red"
            loading={remove.isPending}
            onClick={confirmDelete}
          >
            Delete
          </FormActions>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}

function ExpiryModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.expiry ? 'Edit procurement expiry' : 'Add procurement expiry'}
      centered
    >
      {editing && (
        <ExpiryForm key={editing.expiry?.expiryId ?? 'new'} expiry={editing.expiry} onDone={onClose} />
      )}
    </Modal>
  );
}

function ExpiryForm({ expiry, onDone }: { expiry?: ProcurementExpiry; onDone: () => void }) {
  const save = useSaveExpiry();
  const [values, setValues] = useState<ProcurementExpiryRequest>({
    description: expiry?.description ?? '',
    expiryDate: expiry?.expiryDate ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = procurementExpiryRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    save.mutate(
      { expiryId: expiry?.expiryId, body: parsed.data },
      {
        onSuccess: onDone,
        onError: (failure) => {
          if (isSilentError(failure)) return;
          if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
            setErrors(Object.fromEntries(Object.entries(failure.fields).map(([k, v]) => [k, v[0]])));
          } else setErrors({ description: errorMessage(failure) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Description"
          required
          data-autofocus
          value={values.description}
          error={errors.description}
          onChange={(event) => {
            const description = event.currentTarget.value;
            setValues((v) => ({ ...v, description }));
            setErrors((e) => ({ ...e, description: undefined }));
          }}
        />
        <DateField
          label="Expiry Date"
          required
          value={values.expiryDate || null}
          error={errors.expiryDate}
          onChange={(value) => {
            setValues((v) => ({ ...v, expiryDate: value ?? '' }));
            setErrors((e) => ({ ...e, expiryDate: undefined }));
          }}
        />
        <FormActions onCancel={onDone} type="submit" loading={save.isPending}>
          Save
        </FormActions>
      </Stack>
    </form>
  );
}
