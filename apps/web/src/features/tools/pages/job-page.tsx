import { Alert, Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBackgroundJob, useCancelJob, useRetryJob } from '../api';
import { JobFacts, JobLog, JobResult } from '../components/job-details';
import { JobDownload } from '../components/job-download';
import { JobProgress } from '../components/job-status';

/** /tools/jobs/{id}: one job's owner, organisation, type, parameters, progress, result, refused rows and log. */
export function JobPage() {
  const id = Number(useParams().id);
  const job = useBackgroundJob(Number.isInteger(id) && id > 0 ? id : null);
  const cancel = useCancelJob();
  const retry = useRetryJob();
  useDocumentTitle(job.data?.title ?? 'Job');
  const done = (message: string) => ({
    onSuccess: () => showSuccessBanner(message),
    onError: (error: Error) => showErrorBanner(errorMessage(error)),
  });
  return (
    <>
      <PageHeader
        title={job.data?.title ?? 'Job'}
        description={
          <Anchor component={Link} to="/tools" size="sm">
            Background Jobs
          </Anchor>
        }
      />
      <QueryState query={job}>
        {(j) => (
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <JobProgress job={j} />
              {(j.mayCancel || j.mayRetry) && (
                <Group mt="sm" gap="xs">
                  {j.mayCancel && (
                    <Button
                      variant="default"
                      leftSection={<IconPlayerStop size={16} />}
                      loading={cancel.isPending}
                      onClick={() => cancel.mutate(j.id, done('Cancel asked for'))}
                    >
                      Cancel
                    </Button>
                  )}
                  {j.mayRetry && (
                    <Button
                      leftSection={<IconRefresh size={16} />}
                      loading={retry.isPending}
                      onClick={() => retry.mutate(j.id, done('The job will run again'))}
                    >
                      Retry
                    </Button>
                  )}
                </Group>
              )}
            </Paper>
            {j.error && (
              <Alert color="red" variant="light" title="It stopped">
                {j.error}
              </Alert>
            )}
            {j.cancelRequested && j.status === 'running' && (
              <Alert color="yellow" variant="light">
                Cancel asked for: it stops at its next safe point, changing nothing.
              </Alert>
            )}
            <JobResult result={j.result} jobId={j.id} />
            <JobFacts job={j} />
            <JobDownload jobId={j.id} download={j.download} />
            <JobLog job={j} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
