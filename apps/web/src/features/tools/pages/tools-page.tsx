import { Anchor, Paper, Table, Text } from '@mantine/core';
import { JOB_TYPE_LABELS } from '@verdant/contracts/tools';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EmptyRow, QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBackgroundJobs } from '../api';
import { JobProgress, JobStatusBadge } from '../components/job-status';
import { JobsHealth } from '../components/jobs-health';
import { when } from '../components/when';

/**
 * /tools, Background Jobs (data-portal.md 4 and 7): every background job the person may see, newest first
 * (their own; an organisation's administrators its jobs; product administrators all, with the queues' health).
 */
export function ToolsPage() {
  useDocumentTitle('Background Jobs');
  const productAdmin = useSession()?.user.productAdmin === true;
  const jobs = useBackgroundJobs();
  return (
    <>
      <PageHeader
        title="Background Jobs"
        description="Emission factor updates and other work that runs in the background, with how far each has got."
      />
      {productAdmin && <JobsHealth />}
      <QueryState query={jobs}>
        {({ jobs: rows }) => (
          <Paper withBorder radius="md">
            <ScrollTable label="Background jobs" minWidth={820}>
              <Table aria-label="Background jobs" highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Job</Table.Th>
                    <Table.Th w={110}>Type</Table.Th>
                    <Table.Th w={110}>Status</Table.Th>
                    <Table.Th w={220}>Progress</Table.Th>
                    <Table.Th>Owner</Table.Th>
                    <Table.Th>Organisation</Table.Th>
                    <Table.Th w={150}>Created</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((j) => (
                    <Table.Tr key={j.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/tools/jobs/${j.id}`}>
                          {j.title}
                        </Anchor>
                        {j.error && (
                          <Text size="xs" c="red" lineClamp={2}>
                            {j.error}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{JOB_TYPE_LABELS[j.type] ?? j.type}</Table.Td>
                      <Table.Td>
                        <JobStatusBadge status={j.status} />
                      </Table.Td>
                      <Table.Td>
                        <JobProgress job={j} />
                      </Table.Td>
                      <Table.Td>{j.owner ?? ''}</Table.Td>
                      <Table.Td>{j.organisation?.name ?? 'All organisations'}</Table.Td>
                      <Table.Td>{when(j.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                  {rows.length === 0 && <EmptyRow cols={7} text="No background jobs yet." />}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Paper>
        )}
      </QueryState>
    </>
  );
}
