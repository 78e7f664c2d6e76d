import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IMPORT_STATUS_LABELS } from '@verdant/contracts/imports';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-errors';
import { useLoadStatus } from '../api';
import { periodSummary, ReportButton, SkippedNotes, STATUS_COLOURS } from './loads-table';

const plural = (n: number, noun: string) => `${n.toLocaleString('en-NZ')} ${noun}${n === 1 ? '' : 's'}`;

/** A load as it runs and how it ended: progress, then its counts or its error and report. */
export function LoadResult({ uuid, linkToPage = false }: { uuid: string; linkToPage?: boolean }) {
  const status = useLoadStatus(uuid);
  if (status.isPending) return <Loader size="sm" aria-label="Waiting for the load" />;
  if (status.isError) return <Alert color="red">{errorMessage(status.error)}</Alert>;
  const job = status.data.data;
  const ended = job.status === 'finished' || job.status === 'failed';
  return (
    <Stack data-testid="load-result">
      <Group gap="xs">
        <Text fw={600}>{job.filename}</Text>
        <Text c={STATUS_COLOURS[job.status]} fw={600} role="status">
          {IMPORT_STATUS_LABELS[job.status]}
        </Text>
      </Group>
      {!ended && <Progress value={job.progress} animated aria-label={`${job.progress}% of the file read`} />}
      {job.status === 'finished' && !job.error && (
        <Text fz="sm">
          {job.records > 0 || job.skipped > 0
            ? periodSummary(job)
            : `${plural(job.readings, 'reading')} loaded: ${plural(job.days, 'day')} of half-hour data on ${plural(job.meters, 'data source')}.`}
        </Text>
      )}
      {job.notes.length > 0 && <SkippedNotes notes={job.notes} />}
      {job.error && (
        <Alert color={job.status === 'failed' ? 'red' : 'gray'} variant="light">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{job.error}</Text>
            <Group gap="xs">
              <ReportButton job={job} />
              {linkToPage && (job.refusals?.unknownMeters.length ?? 0) > 0 && (
                <Button component={Link} to={`/loading/${job.uuid}`} size="compact-xs" variant="light">
                  Map the data sources not found
                </Button>
              )}
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
