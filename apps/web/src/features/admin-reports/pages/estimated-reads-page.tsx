import { Alert, Anchor, Loader, Table, Text } from '@mantine/core';
import { formatDisplayDate } from '@verdant/domain/dates';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEstimatedReads } from '../api';

/**
 * /admin-reports/estimated-reads (data-portal.md 2.9): the data sources whose latest invoices are estimated
 * reads, with the start of that run of estimates, oldest first (Account, Local Name, Estimates Since).
 */
export function EstimatedReadsPage() {
  useDocumentTitle('Estimated Reads');
  const report = useEstimatedReads();
  return (
    <>
      <PageHeader
        title="Estimated Reads"
        description="Data sources whose latest invoices are estimated reads, and since when."
      />
      {report.isPending ? (
        <Loader size="sm" aria-label="Loading the estimated reads" />
      ) : report.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(report.error)}
        </Alert>
      ) : report.data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No data source is billed on estimated reads.
        </Text>
      ) : (
        <ScrollTable label="Estimated reads" minWidth={520}>
          <Table striped aria-label="Estimated reads">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Local Name</Table.Th>
                <Table.Th>Estimates Since</Table.Th>
                <Table.Th ta="right">Estimated invoices</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.map((r) => (
                <Table.Tr key={r.meterId}>
                  <Table.Td>{r.account ?? '—'}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/data-sources/${r.meterId}/invoices`} fz="sm">
                      {r.localName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDisplayDate(r.estimatesSince)}</Table.Td>
                  <Table.Td ta="right">{r.estimates}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </>
  );
}
