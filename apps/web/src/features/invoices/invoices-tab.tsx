import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Menu,
  Paper,
  Popover,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconDownload,
  IconFileTypePdf,
  IconLink,
  IconNote,
  IconNotes,
  IconUpload,
} from '@tabler/icons-react';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import type { InvoiceListEntry, InvoiceListRow } from '@verdant/contracts/invoices/list';
import { INVOICE_LIST_PAGE } from '@verdant/contracts/invoices/list';
import { formatDisplayDate } from '@verdant/domain/dates';
import { TOTAL_INCL_GST } from '@verdant/domain/gst-labels';
import { MSG } from '@verdant/domain/messages';
import { Fragment, type MouseEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ScrollTable } from '../../components/scroll-table';
import { errorMessage } from '../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../lib/banners';
import { useSetQuery } from '../../lib/use-set-query';
import { useInvoiceList } from './api';
import { openDirectFile, useInvoiceUpload } from './direct-files';
import { REVERSAL_SHOW, ReversalDialog, type ReversalShow } from './reversal-dialog';

const money = new Intl.NumberFormat('en-NZ', {
  style: 'currency',
  currency: 'NZD',
  currencyDisplay: 'narrowSymbol',
});
const whole = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 });
const period = (from: string, till: string) => `${formatDisplayDate(from)} - ${formatDisplayDate(till)}`;

const KIND_LABEL: Record<InvoiceListEntry['kind'], string | null> = {
  normal: null,
  reversal: 'Reversal',
  replacement: 'Replacement',
  decommission: 'Decommission',
};

function FileIcons({
  invoice,
  meterId,
  mayEdit,
}: {
  invoice: InvoiceListEntry;
  meterId: number;
  mayEdit: boolean;
}) {
  const upload = useInvoiceUpload();
  const name = invoice.invoiceNumber ?? invoice.id;
  const openPdf = async (event: MouseEvent, url: string) => {
    event.preventDefault();
    if (!(await openDirectFile(url))) showErrorBanner(MSG.invoicePdfFailed);
  };
  const send = (file: File | null) =>
    file &&
    upload.mutate(
      { invoiceId: invoice.id, file },
      {
        onSuccess: () => showSuccessBanner(`${file.name} uploaded`),
        onError: (error) => showErrorBanner(errorMessage(error)),
      },
    );
  return (
    <Group gap={2} wrap="nowrap">
      {invoice.pdf && (
        <Tooltip label="View the PDF">
          <ActionIcon
            component="a"
            href={invoice.pdf}
            onClick={(e: MouseEvent) => void openPdf(e, invoice.pdf ?? '')}
            target="_blank"
            rel="noopener"
            variant="subtle"
            aria-label={`View the PDF of invoice ${invoice.invoiceNumber ?? invoice.id}`}
          >
            <IconFileTypePdf size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {invoice.raw.length > 0 && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Tooltip label="Download raw data files">
              <ActionIcon
                variant="subtle"
                aria-label={`Raw data files of invoice ${invoice.invoiceNumber ?? invoice.id}`}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            {invoice.raw.map((f) => (
              <Menu.Item key={f.url} component="a" href={f.url}>
                {f.filename}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {invoice.note ? (
        <Popover position="bottom-end" withArrow shadow="md" width={280}>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              aria-label={`View the note of invoice ${invoice.invoiceNumber ?? invoice.id}`}
            >
              <IconNote size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {invoice.note.text}
            </Text>
          </Popover.Dropdown>
        </Popover>
      ) : (
        <Tooltip label="Add a note">
          <ActionIcon
            component={Link}
            to={`/data-sources/${meterId}/notes?show=new&invoice=${invoice.id}`}
            variant="subtle"
            color="gray"
            aria-label={`Add a note to invoice ${invoice.invoiceNumber ?? invoice.id}`}
          >
            <IconNotes size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {mayEdit && (
        <FileButton onChange={send} accept=".pdf,.csv,.txt,.xlsx,.xls,.docx,.doc,.png,.jpg,.jpeg,.gif,.bmp">
          {(props) => (
            <Tooltip label="Upload the PDF or a raw data file">
              <ActionIcon
                {...props}
                variant="subtle"
                color="gray"
                loading={upload.isPending}
                aria-label={`Upload a file to invoice ${name}`}
              >
                <IconUpload size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
      )}
    </Group>
  );
}

function InvoiceRow({
  invoice,
  meterId,
  depth,
  mayEdit,
}: {
  invoice: InvoiceListEntry;
  meterId: number;
  depth: number;
  mayEdit: boolean;
}) {
  const label = KIND_LABEL[invoice.kind];
  const nested = depth > 0;
  return (
    <>
      <Table.Tr
        data-invoice-id={invoice.id}
        data-depth={depth}
        bg={nested ? 'var(--mantine-color-gray-0)' : undefined}
      >
        <Table.Td
          style={{ whiteSpace: 'nowrap', paddingLeft: `calc(var(--mantine-spacing-xs) + ${depth * 1.5}rem)` }}
        >
          {invoice.invoiceDate ? formatDisplayDate(invoice.invoiceDate) : '-'}
        </Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <Anchor
              component={Link}
              to={`/data-sources/${meterId}/invoices/${invoice.id}`}
              fz="sm"
              td={invoice.reversed ? 'line-through' : undefined}
            >
              {invoice.invoiceNumber ?? `#${invoice.id}`}
            </Anchor>
            {label && (
              <Badge size="xs" variant="light" color="grape">
                {label}
              </Badge>
            )}
            {invoice.reversed && (
              <Badge size="xs" variant="light" color="gray">
                Reversed
              </Badge>
            )}
          </Group>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {period(invoice.dateFrom, invoice.dateTill)}
          {invoice.readType === 'estimated' && (
            <Text span fz="xs" c="red.9" ml={6}>
              (estimated)
            </Text>
          )}
        </Table.Td>
        <Table.Td ta="right">{invoice.cons === null ? '-' : whole.format(invoice.cons)}</Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          {money.format(invoice.total)}
        </Table.Td>
        <Table.Td>
          <FileIcons invoice={invoice} meterId={meterId} mayEdit={mayEdit} />
        </Table.Td>
        <Table.Td ta="center">
          {invoice.alerts > 0 ? (
            <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
              {invoice.alerts}
            </Badge>
          ) : null}
        </Table.Td>
      </Table.Tr>
      {invoice.replaces.map((r) => (
        <InvoiceRow key={r.id} invoice={r} meterId={meterId} depth={depth + 1} mayEdit={mayEdit} />
      ))}
    </>
  );
}

function OtherRow({ row }: { row: Exclude<InvoiceListRow, { type: 'invoice' }> }) {
  if (row.type === 'gap') {
    return (
      <Table.Tr data-row="gap">
        <Table.Td />
        <Table.Td colSpan={6}>
          <Group gap={6}>
            <IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden />
            <Text fz="sm" fw={600} c="red.9">
              {row.text}
            </Text>
            <Text fz="sm">{period(row.dateFrom, row.dateTill)}</Text>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }
  if (row.type === 'note') {
    return (
      <Table.Tr data-row="note">
        <Table.Td />
        <Table.Td colSpan={6}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconNote size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text fz="sm" fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
              {row.text}
            </Text>
            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {row.dateTill ? period(row.dateFrom, row.dateTill) : `from ${formatDisplayDate(row.dateFrom)}`}
            </Text>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr data-row="link">
      <Table.Td />
      <Table.Td colSpan={6}>
        <Group gap={6}>
          <IconLink size={16} aria-hidden />
          <Anchor component={Link} to={`/data-sources/${row.meterId}/invoices`} fz="sm">
            {`${row.text}: ${row.name}`}
          </Anchor>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

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
