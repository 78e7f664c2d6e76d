import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconLink, IconNote } from '@tabler/icons-react';
import type { InvoiceListEntry, InvoiceListRow } from '@verdant/contracts/invoices/list';
import { formatDisplayDate } from '@verdant/domain/dates';
import { Link } from 'react-router';
import { FileIcons } from './invoice-file-icons';

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

/** An invoice of the list, and under it, indented, the invoices it replaces. */
export function InvoiceRow({
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
          <Group gap={6}>
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

/** A row of the list that is not an invoice: a gap in the periods, a note, or a link to a related data source. */
export function OtherRow({ row }: { row: Exclude<InvoiceListRow, { type: 'invoice' }> }) {
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
