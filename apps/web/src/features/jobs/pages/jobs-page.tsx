import { Badge, Button, Group, Modal, Paper, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Job } from '@verdant/contracts/jobs';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { EmptyRow, QueryState } from '../../../components/query-state';
import { RowAction } from '../../../components/row-actions';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useUserDetails } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShowNew } from '../../../lib/use-show-new';
import { useDeleteJob, useJobs } from '../api';
import { NewJobModal } from '../components/new-job-modal';

/** /organisation/jobs: the organisation's dated tasks; `?show=new` opens New Job. */
export function JobsPage() {
  useDocumentTitle('Jobs');
  const jobs = useJobs();
  const remove = useDeleteJob();
  const isAdmin = useUserDetails().data?.admin === true;
  const [showNew, setShowNew] = useShowNew();
  const [deleting, setDeleting] = useState<Job | null>(null);
  const mayEdit = jobs.data?.mayEdit === true;
  const newOpened = mayEdit && showNew;

  function confirmDelete(job: Job) {
    setDeleting(null);
    remove.mutate(job.id, {
      onSuccess: () => showSuccessBanner(`${job.text} deleted`),
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(errorMessage(error));
      },
    });
  }

  return (
    <>
      <PageHeader title="Jobs" description="Dated tasks for this organisation." />
      {mayEdit && (
        <PageActions>
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setShowNew(true)}>
            New Job
          </Button>
        </PageActions>
      )}
      <QueryState query={jobs}>
        {(data) => (
          <Paper withBorder radius="md">
            <ScrollTable label="Jobs" minWidth={560}>
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="jobs-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={130}>Date From</Table.Th>
                    <Table.Th w={130}>Date Till</Table.Th>
                    <Table.Th>Text</Table.Th>
                    <Table.Th w={60} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.jobs.length === 0 && <EmptyRow cols={4} text="No jobs yet." />}
                  {data.jobs.map((job) => (
                    <Table.Tr key={job.id}>
                      <Table.Td>{formatDisplayDate(job.dateFrom)}</Table.Td>
                      <Table.Td>{formatDisplayDate(job.dateTill)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          <Text fz="sm">{job.text}</Text>
                          {job.permanent && (
                            <Badge size="sm" variant="light" color="grape">
                              Permanent
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {mayEdit && (
                          <RowAction
                            tip={job.permanent ? MSG.jobPermanent : 'Delete job'}
                            label={`Delete job ${job.text}`}
                            icon={IconTrash}
                            danger
                            disabled={job.permanent}
                            onClick={() => setDeleting(job)}
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Paper>
        )}
      </QueryState>
      <NewJobModal opened={newOpened} onClose={() => setShowNew(false)} mayAddPermanent={isAdmin} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete job" centered>
        <Text>{`Delete the job '${deleting?.text ?? ''}'?`}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => deleting && confirmDelete(deleting)}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
