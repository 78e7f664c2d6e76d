import { Alert, Button, Center, Group, Loader, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type Instrument,
  type InstrumentKind,
  INSTRUMENT_MESSAGES as M,
} from '@verdant/contracts/scope2-instruments';
import { formatDisplayDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { RowAction, RowActions } from '../../../components/row-actions';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInstruments, useSaveInstrument } from '../api';
import { InstrumentForm } from '../components/instrument-form';

const appliesTo = (i: Instrument) =>
  i.meter ? `${i.meter.name} (${i.meter.site})` : i.retailer ? `Every data source of ${i.retailer.name}` : '';

/**
 * Market-based scope 2 (/organisation/scope2-instruments): the organisation's certificates and supplier-specific
 * factors. Administrators add, change and remove them; the emissions are recalculated with each change.
 */
export function InstrumentsPage() {
  useDocumentTitle('Market-based scope 2');
  const list = useInstruments();
  const { remove } = useSaveInstrument();
  const [form, setForm] = useState<{ kind: InstrumentKind; editing: Instrument | null } | null>(null);
  const data = list.data;

  return (
    <>
      <PageHeader
        title="Market-based scope 2"
        description="Electricity covered by certificates (such as NZ Energy Certificates matched to a data source) counts at the certificates’ rate, and a retailer’s supplier-specific factor prices the rest of its electricity. What neither covers takes the residual mix kept in the catalogue (the NZ Energy Certificate System’s residual supply factor), or the grid average in months no residual mix is published for. Location-based scope 2 is not changed by anything here."
        right={
          data?.mayEdit ? (
            <Group gap="xs">
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setForm({ kind: 'certificates', editing: null })}
              >
                Add certificates
              </Button>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => setForm({ kind: 'supplier-factor', editing: null })}
              >
                Add supplier factor
              </Button>
            </Group>
          ) : undefined
        }
      />
      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      {list.isPending && (
        <Center h={160}>
          <Loader aria-label="Loading the instruments" />
        </Center>
      )}
      {data && data.instruments.length === 0 && (
        <Text c="dimmed">
          No certificates or supplier-specific factors are recorded: market-based scope 2 takes the residual
          mix.
        </Text>
      )}
      {data && data.instruments.length > 0 && (
        <ScrollTable label="Certificates and supplier-specific factors" minWidth={760}>
          <Table striped fz="sm" aria-label="Certificates and supplier-specific factors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Applies to</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>Till</Table.Th>
                <Table.Th ta="right">MWh</Table.Th>
                <Table.Th ta="right">kg CO2e per kWh</Table.Th>
                <Table.Th>Reference</Table.Th>
                {data.mayEdit && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.instruments.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    {i.kind === 'certificates' ? 'Certificates' : 'Supplier-specific factor'}
                  </Table.Td>
                  <Table.Td>{appliesTo(i)}</Table.Td>
                  <Table.Td>{formatDisplayDate(i.dateFrom)}</Table.Td>
                  <Table.Td>{formatDisplayDate(i.dateTill)}</Table.Td>
                  <Table.Td ta="right">{i.mwh === null ? '' : i.mwh.toLocaleString('en-NZ')}</Table.Td>
                  <Table.Td ta="right">{i.rate}</Table.Td>
                  <Table.Td>{i.reference ?? ''}</Table.Td>
                  {data.mayEdit && (
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          tip="Change"
                          label={`Change ${appliesTo(i)} from ${formatDisplayDate(i.dateFrom)}`}
                          onClick={() => setForm({ kind: i.kind, editing: i })}
                          icon={IconPencil}
                        />
                        <RowAction
                          tip="Remove"
                          label={`Remove ${appliesTo(i)} from ${formatDisplayDate(i.dateFrom)}`}
                          loading={remove.isPending && remove.variables === i.id}
                          onClick={() =>
                            remove.mutate(i.id, {
                              onSuccess: () => showSuccessBanner(M.deleted),
                              onError: (e) => !isSilentError(e) && showErrorBanner(errorMessage(e)),
                            })
                          }
                          icon={IconTrash}
                          danger
                        />
                      </RowActions>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {form && data && (
        <InstrumentForm
          editing={form.editing}
          kind={form.kind}
          choices={data}
          onClose={() => setForm(null)}
        />
      )}
    </>
  );
}
