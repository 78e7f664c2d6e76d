import { Alert, Button, Group, Loader, Menu, Paper, Table, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { INVOICE_LIST_PAGE } from '@verdant/contracts/invoices/list';
import { TOTAL_INCL_GST } from '@verdant/domain/gst-labels';
import { Fragment, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ScrollTable } from '../../components/scroll-table';
import { errorMessage } from '../../lib/api-errors';
import { useSetQuery } from '../../lib/use-set-query';
import { useInvoiceList } from './api';
import { InvoiceRow, OtherRow } from './components/invoice-list-rows';
import { REVERSAL_SHOW, ReversalDialog, type ReversalShow } from './reversal-dialog';

/** /data-sources/{id}/invoices: the invoices, nested, with gaps, notes and links; the Actions menu. */
export function InvoicesTab({ meter }: { meter: MeterDetail }) {
  const [limit, setLimit] = useState(INVOICE_LIST_PAGE);
  const list = useInvoiceList(meter.id, limit);
  const [params] = useSearchParams();
  const setQuery = useSetQuery();
  const navigate = useNavigate();
  const show = params.get('show');
  const reload = params.has('reload');
  const { refetch } = list;

  useEffect(() => {
    if (show === 'new') navigate(`/data-sources/${meter.id}/new-invoice`, { replace: true });
  }, [show, meter.id, navigate]);
  useEffect(() => {
    if (!reload) return;
    void refetch();
    setQuery({ reload: null });
  }, [reload, refetch, setQuery]);

  const open = (value: ReversalShow | null) => setQuery({ show: value }, { replace: value === null });
  const dialog = (REVERSAL_SHOW as readonly string[]).includes(show ?? '') ? (show as ReversalShow) : null;
  const mayEdit = list.data?.mayEdit === true;

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600} component="h2" fz="md">
          Invoices
        </Text>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="compact-sm" variant="light" rightSection={<IconChevronDown size={14} />}>
              Invoice Actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {mayEdit && (
              <>
                <Menu.Item component={Link} to={`/data-sources/${meter.id}/new-invoice`}>
                  New Invoice
                </Menu.Item>
                <Menu.Item onClick={() => open('reversal')}>New Reversal</Menu.Item>
                <Menu.Item onClick={() => open('replacement')}>Replace Invoice</Menu.Item>
                <Menu.Item onClick={() => open('decommission')}>Decommission</Menu.Item>
              </>
            )}
            {/* Export is offered but not built (spec 2.4 'Export (disabled)'). */}
            <Menu.Item
              aria-disabled="true"
              c="dimmed"
              onClick={(e) => e.preventDefault()}
              closeMenuOnClick={false}
            >
              Export
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {list.isPending ? (
        <Loader aria-label="Loading invoices" />
      ) : list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          There are no invoices for this data source.
        </Text>
      ) : (
        <>
          <ScrollTable label="Invoices table" minWidth={760}>
            <Table verticalSpacing="xs" aria-label="Invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Inv.Number</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th ta="right">{list.data.unit ?? 'Units'}</Table.Th>
                  <Table.Th ta="right">{TOTAL_INCL_GST}</Table.Th>
                  <Table.Th>Notes</Table.Th>
                  <Table.Th ta="center">Alerts</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((row, i) => (
                  <Fragment key={row.type === 'invoice' ? `i${row.invoice.id}` : `${row.type}${i}`}>
                    {row.type === 'invoice' ? (
                      <InvoiceRow invoice={row.invoice} meterId={meter.id} depth={0} mayEdit={mayEdit} />
                    ) : (
                      <OtherRow row={row} />
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {list.data.more && (
            <Group justify="center" mt="sm">
              <Button
                variant="default"
                size="compact-sm"
                loading={list.isFetching}
                onClick={() => setLimit((n) => n + INVOICE_LIST_PAGE)}
              >
                Show Next 100
              </Button>
            </Group>
          )}
        </>
      )}
      {dialog && mayEdit && <ReversalDialog meter={meter} mode={dialog} onClose={() => open(null)} />}
    </Paper>
  );
}
