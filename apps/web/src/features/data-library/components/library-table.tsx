import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { LibraryFile } from '@verdant/contracts/data-library';
import { formatDisplayDate } from '@verdant/domain/dates';
import { formatMonth } from '@verdant/domain/month-labels';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/** The files a search found: each downloads, and names the invoice it produced (a link within the session's organisation). */
export function LibraryTable({
  files,
  sessionOrganisationId,
  showOrganisation,
}: {
  files: LibraryFile[];
  sessionOrganisationId: number | null;
  showOrganisation: boolean;
}) {
  return (
    <ScrollTable label="Invoice files found" minWidth={showOrganisation ? 1040 : 900}>
      <Table striped fz="sm" verticalSpacing="xs" aria-label="Invoice files found">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Month</Table.Th>
            <Table.Th>Retailer</Table.Th>
            {showOrganisation && <Table.Th>Organisation</Table.Th>}
            <Table.Th>Account number</Table.Th>
            <Table.Th>Data source</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Uploaded</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>
                <Anchor href={f.url} download={f.filename} fz="sm">
                  {f.filename}
                </Anchor>{' '}
                <Badge size="xs" variant="light" color={f.type === 'pdf' ? 'red' : 'gray'}>
                  {f.type === 'pdf' ? 'PDF' : 'Other'}
                </Badge>{' '}
                {f.original && (
                  <Badge size="xs" variant="outline">
                    Original
                  </Badge>
                )}
                <Text c="dimmed" fz="xs">
                  {size(f.sizeBytes)}
                </Text>
              </Table.Td>
              <Table.Td>{formatMonth(`${f.month.slice(0, 4)}-${f.month.slice(4)}`)}</Table.Td>
              <Table.Td>{f.retailer?.name ?? '—'}</Table.Td>
              {showOrganisation && <Table.Td>{f.organisation.name}</Table.Td>}
              <Table.Td>{f.accounts.join(', ') || '—'}</Table.Td>
              <Table.Td>{f.meters.join(', ')}</Table.Td>
              <Table.Td>
                {f.organisation.id === sessionOrganisationId ? (
                  <Anchor
                    component={Link}
                    to={`/data-sources/${f.invoice.meterId}/invoices/${f.invoice.id}`}
                    fz="sm"
                  >
                    {f.invoice.invoiceNumber ?? `Invoice ${f.invoice.id}`}
                  </Anchor>
                ) : (
                  (f.invoice.invoiceNumber ?? `Invoice ${f.invoice.id}`)
                )}
                <Text c="dimmed" fz="xs">
                  {formatDisplayDate(f.invoice.dateFrom)} to {formatDisplayDate(f.invoice.dateTill)}
                </Text>
              </Table.Td>
              <Table.Td>{formatDisplayDate(f.uploaded.slice(0, 10))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
