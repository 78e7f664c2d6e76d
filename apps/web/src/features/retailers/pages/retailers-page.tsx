import { Alert, Button, Loader, Modal, Select, Stack, Table, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { LOAD_MEASUREMENTS } from '@verdant/contracts/catalogue';
import { NEW_RETAILER_PLACEHOLDER, RETAILER_SUPPLY_TYPES } from '@verdant/contracts/retailers';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { FormActions, FormError } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminRetailers, useNewRetailer } from '../api';
import { ProductAdminOnly } from '../components/admin-only';

type SupplyType = (typeof RETAILER_SUPPLY_TYPES)[number];

function NewRetailerDialog({ onClose, names }: { onClose: () => void; names: string[] }) {
  const [name, setName] = useState(NEW_RETAILER_PLACEHOLDER);
  const [type, setType] = useState<SupplyType>('Electricity');
  const [loadId, setLoadId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useNewRetailer();
  const trimmed = name.trim();
  // The server's rules, told before the call: not the placeholder, not a name in use.
  const local =
    trimmed.toLowerCase() === NEW_RETAILER_PLACEHOLDER.toLowerCase()
      ? MSG.retailerNamePlaceholder
      : names.some((n) => n.toLowerCase() === trimmed.toLowerCase())
        ? MSG.retailerNameTaken
        : null;
  const submit = () =>
    create.mutate(
      { name: trimmed, type, loadId: loadId === null ? null : Number(loadId) },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  return (
    <Modal opened onClose={onClose} title="New Retailer" centered>
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
          loading={create.isPending}
          onClick={submit}
        >
          Create
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** /setup/retailers (data-portal.md 2.8; core-portal.md 2 Admin): the retailers table and New Retailer. */
export function RetailersPage() {
  useDocumentTitle('Retailers');
  const productAdmin = useSession()?.user.productAdmin === true;
  const retailers = useAdminRetailers(productAdmin);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title="Retailers"
        description="The energy and water retailers data sources are billed by, and the unit their bills state load in."
        right={
          productAdmin && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
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
          <ScrollTable label="Retailers" minWidth={420}>
            <Table striped aria-label="Retailers" maw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Retailer Name</Table.Th>
                  <Table.Th>Load Unit</Table.Th>
                  <Table.Th>Supplies</Table.Th>
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
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </ProductAdminOnly>
      {adding && (
        <NewRetailerDialog
          onClose={() => setAdding(false)}
          names={(retailers.data ?? []).map((r) => r.retailerDescr)}
        />
      )}
    </>
  );
}
