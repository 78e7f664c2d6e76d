import {
  ActionIcon,
  Alert,
  Button,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { LOAD_MEASUREMENTS } from '@verdant/contracts/catalogue';
import {
  type AdminRetailer,
  NEW_RETAILER_PLACEHOLDER,
  RETAILER_SUPPLY_TYPES,
} from '@verdant/contracts/retailers';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { FormActions, FormError } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminRetailers, useEditRetailer, useNewRetailer } from '../api';
import { ProductAdminOnly } from '../components/admin-only';

type SupplyType = (typeof RETAILER_SUPPLY_TYPES)[number];

const isSupplyType = (t: string): t is SupplyType => (RETAILER_SUPPLY_TYPES as readonly string[]).includes(t);

/** New Retailer, or Edit Retailer when one is given: its name, what it supplies, its load unit. */
function RetailerDialog({
  onClose,
  names,
  editing,
}: {
  onClose: () => void;
  names: string[];
  editing: AdminRetailer | null;
}) {
  const [name, setName] = useState(editing?.retailerDescr ?? NEW_RETAILER_PLACEHOLDER);
  const [type, setType] = useState<SupplyType>(
    editing && isSupplyType(editing.type) ? editing.type : 'Electricity',
  );
  const [loadId, setLoadId] = useState<string | null>(
    editing?.loadId === null || editing === null ? null : String(editing.loadId),
  );
  const [error, setError] = useState<string | null>(null);
  const create = useNewRetailer();
  const edit = useEditRetailer();
  const saving = editing ? edit : create;
  const trimmed = name.trim();
  // The server's rules, told before the call: not the placeholder, not a name in use.
  const local =
    trimmed.toLowerCase() === NEW_RETAILER_PLACEHOLDER.toLowerCase()
      ? MSG.retailerNamePlaceholder
      : names.some((n) => n.toLowerCase() === trimmed.toLowerCase() && n !== editing?.retailerDescr)
        ? MSG.retailerNameTaken
        : null;
  const done = {
    onSuccess: (answer: { message: string }) => {
      showSuccessBanner(answer.message);
      onClose();
    },
    onError: (e: unknown) => setError(errorMessage(e)),
  };
  const load = loadId === null ? null : Number(loadId);
  const submit = () =>
    editing
      ? edit.mutate({ retailerId: editing.retailerId, retailerDescr: trimmed, type, loadId: load }, done)
      : create.mutate({ name: trimmed, type, loadId: load }, done);
  return (
    <Modal opened onClose={onClose} title={editing ? 'Edit Retailer' : 'New Retailer'} centered>
      <Stack>
        <TextInput
          label="Retailer Name"
          value={name}
          required
          maxLength={100}
          error={trimmed ? local : null}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Select
          label="Supplies"
          value={type}
          allowDeselect={false}
          data={[...RETAILER_SUPPLY_TYPES]}
          onChange={(v) => v && setType(v as SupplyType)}
        />
        <Select
          label="Load Unit"
          placeholder="None"
          clearable
          value={loadId}
          data={LOAD_MEASUREMENTS.map((m) => ({ value: String(m.Id), label: m.Descr }))}
          onChange={setLoadId}
        />
        <FormError>{error}</FormError>
        <FormActions
          onCancel={onClose}
          disabled={!trimmed || local !== null}
          loading={saving.isPending}
          onClick={submit}
        >
          {editing ? 'Save' : 'Create'}
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** /setup/retailers (data-portal.md 2.8; core-portal.md 2 Admin): the retailers table, New Retailer and Edit. */
export function RetailersPage() {
  useDocumentTitle('Retailers');
  const productAdmin = useSession()?.user.productAdmin === true;
  const retailers = useAdminRetailers(productAdmin);
  // The dialog: closed, a new retailer, or the one being edited.
  const [dialog, setDialog] = useState<'closed' | 'new' | AdminRetailer>('closed');
  return (
    <>
      <PageHeader
        title="Retailers"
        description="The energy and water retailers data sources are billed by, and the unit their bills state load in."
        right={
          productAdmin && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('new')}>
              New Retailer
            </Button>
          )
        }
      />
      <ProductAdminOnly>
        {retailers.isPending ? (
          <Loader size="sm" aria-label="Loading the retailers" />
        ) : retailers.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(retailers.error)}
          </Alert>
        ) : (
          <ScrollTable label="Retailers" minWidth={340}>
            <Table striped aria-label="Retailers" maw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Retailer Name</Table.Th>
                  <Table.Th>Load Unit</Table.Th>
                  <Table.Th>Supplies</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>Edit</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {retailers.data.map((r) => (
                  <Table.Tr key={r.retailerId}>
                    <Table.Td>{r.retailerDescr}</Table.Td>
                    <Table.Td>
                      {r.loadUnit ?? (r.type.startsWith('Electricity') ? '—' : 'Not billed by load')}
                    </Table.Td>
                    <Table.Td>{r.type}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${r.retailerDescr}`}
                        onClick={() => setDialog(r)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </ProductAdminOnly>
      {dialog !== 'closed' && (
        <RetailerDialog
          onClose={() => setDialog('closed')}
          names={(retailers.data ?? []).map((r) => r.retailerDescr)}
          editing={dialog === 'new' ? null : dialog}
        />
      )}
    </>
  );
}
