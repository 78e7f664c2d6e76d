import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { INVOICE_TYPES, type LineItemOverride } from '@verdant/contracts/retailers';
import { fill, MSG } from '@verdant/domain/messages';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminRetailers, useLineItemOverrides, useSaveLineItemOverrides } from '../api';
import { ProductAdminOnly } from '../components/admin-only';

type Row = { key: string; retailerMappingId: number | null; lineItem: string; instructions: string };
let nextKey = 0;
const rowOf = (o: LineItemOverride): Row => ({
  key: `s${o.retailerMappingId}`,
  retailerMappingId: o.retailerMappingId,
  lineItem: o.lineItem,
  instructions: o.instructions,
});

/** The rules the server checks (core-portal.md 5): both fields non-empty, each line item once. */
function problemOf(rows: Row[], i: number): { lineItem?: string; instructions?: string } {
  const r = rows[i];
  if (!r) return {};
  const item = r.lineItem.trim().toLowerCase();
  return {
    lineItem: !item
      ? MSG.lineItemRequired
      : rows.some((o, j) => j < i && o.lineItem.trim().toLowerCase() === item)
        ? fill(MSG.lineItemDuplicate, { name: r.lineItem.trim() })
        : undefined,
    instructions: r.instructions.trim() ? undefined : MSG.lineItemInstructionsRequired,
  };
}

function OverridesEditor({ retailer, type }: { retailer: number; type: number }) {
  const stored = useLineItemOverrides(retailer, type);
  const save = useSaveLineItemOverrides(retailer, type);
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (stored.data) setRows(stored.data.map(rowOf));
  }, [stored.data]);
  if (stored.isPending) return <Loader size="sm" aria-label="Loading the line item overrides" />;
  if (stored.isError)
    return (
      <Alert color="red" variant="light">
        {errorMessage(stored.error)}
      </Alert>
    );
  const problems = rows.map((_, i) => problemOf(rows, i));
  const invalid = problems.some((p) => p.lineItem || p.instructions);
  const set = (i: number, change: Partial<Row>) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const submit = () =>
    save.mutate(
      rows.map((r) => ({
        retailerMappingId: r.retailerMappingId,
        lineItem: r.lineItem.trim(),
        instructions: r.instructions.trim(),
      })),
      {
        onSuccess: (answer) => {
          setError(null);
          showSuccessBanner(answer.message);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No line item overrides for this retailer and invoice type.
        </Text>
      ) : (
        <ScrollTable label="Line item overrides" minWidth={560}>
          <Table aria-label="Line item overrides" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="40%">Line Item</Table.Th>
                <Table.Th>Instructions</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Line item ${i + 1}`}
                      value={r.lineItem}
                      maxLength={200}
                      error={r.lineItem || r.retailerMappingId ? problems[i]?.lineItem : undefined}
                      onChange={(e) => set(i, { lineItem: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Instructions ${i + 1}`}
                      value={r.instructions}
                      maxLength={2000}
                      error={r.instructions || r.retailerMappingId ? problems[i]?.instructions : undefined}
                      onChange={(e) => set(i, { instructions: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Remove line item ${i + 1}`}
                      onClick={() => setRows((list) => list.filter((_, j) => j !== i))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <FormError>{error}</FormError>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            setRows((list) => [
              ...list,
              { key: `n${nextKey++}`, retailerMappingId: null, lineItem: '', instructions: '' },
            ])
          }
        >
          Add line item
        </Button>
        <Button disabled={invalid} loading={save.isPending} onClick={submit}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /setup/line-item-overrides (data-portal.md 2.8; core-portal.md 2 Admin): choose a retailer and an invoice
 * type, then keep how each line item as the retailer words it is to be read.
 */
export function LineItemOverridesPage() {
  useDocumentTitle('Line Item Overrides');
  const productAdmin = useSession()?.user.productAdmin === true;
  const retailers = useAdminRetailers(productAdmin);
  const [retailer, setRetailer] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(String(INVOICE_TYPES[0].id));
  return (
    <>
      <PageHeader
        title="Line Item Overrides"
        description="How a retailer's line items are read when its invoices are loaded, per invoice type."
      />
      <ProductAdminOnly>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Retailer"
              placeholder="Choose a retailer"
              searchable
              w={260}
              value={retailer}
              data={(retailers.data ?? []).map((r) => ({
                value: String(r.retailerId),
                label: r.retailerDescr,
              }))}
              onChange={setRetailer}
            />
            <Select
              label="Invoice type"
              w={220}
              allowDeselect={false}
              value={type}
              data={INVOICE_TYPES.map((t) => ({ value: String(t.id), label: t.name }))}
              onChange={setType}
            />
          </Group>
          {retailer && type ? (
            <OverridesEditor key={`${retailer}-${type}`} retailer={Number(retailer)} type={Number(type)} />
          ) : (
            <Text fz="sm" c="dimmed">
              Choose a retailer and an invoice type.
            </Text>
          )}
        </Stack>
      </ProductAdminOnly>
    </>
  );
}
