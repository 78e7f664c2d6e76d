import { Anchor, Badge, Button, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { IMPORT_FORMAT_LABELS, IMPORT_STATUS_LABELS, type ImportJob } from '@verdant/contracts/imports';
import { formatDisplayDate } from '@verdant/domain/dates';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { EmptyRow } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { downloadReport } from '../api';

export const STATUS_COLOURS: Record<ImportJob['status'], string> = {
  pending: 'gray',
  running: 'blue',
  retrying: 'orange',
  finished: 'green',
  failed: 'red',
};

const count = (n: number) => n.toLocaleString('en-NZ');

/** What a load of invoice or consumption rows did. */
export const periodSummary = (job: ImportJob) =>
  `${count(job.records)} created${job.skipped > 0 ? `, ${count(job.skipped)} already stored` : ''}`;

/** A load's status, with its progress while it runs. */
export function LoadStatus({ job }: { job: ImportJob }) {
  return (
    <Stack gap={4}>
      <Badge color={STATUS_COLOURS[job.status]} variant="light">
        {IMPORT_STATUS_LABELS[job.status]}
      </Badge>
      {job.status === 'running' && (
        <Progress value={job.progress} size="sm" aria-label={`${job.filename}: ${job.progress}% read`} />
      )}
    </Stack>
  );
}

export function ReportButton({ job }: { job: ImportJob }) {
  if (!job.hasReport) return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="red"
      leftSection={<IconDownload size={14} />}
      aria-label={`Download the error report of ${job.filename}`}
      onClick={() =>
        downloadReport(job).catch((e) => {
          if (!isSilentError(e)) showErrorBanner(errorMessage(e));
        })
      }
    >
      Error report
    </Button>
  );
}

/** What a load left out on purpose (streams that are not energy...), as a short list under its message. */
export function SkippedNotes({ notes }: { notes: string[] }) {
  return (
    <Stack gap={2} data-testid="load-notes">
      <Text fz="sm" fw={500}>
        Not loaded:
      </Text>
      {notes.map((note) => (
        <Text key={note} fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      ))}
    </Stack>
  );
}

/** The /loading table: each load with its status, counts, message and error report. */
export function LoadsTable({ jobs }: { jobs: ImportJob[] }) {
  return (
    <Paper withBorder radius="md">
      <ScrollTable label="Load jobs" minWidth={1080}>
        <Table striped verticalSpacing="sm" data-testid="loads-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={200}>File</Table.Th>
              <Table.Th w={110}>Status</Table.Th>
              <Table.Th w={120}>Format</Table.Th>
              <Table.Th w={90} ta="right">
                Rows
              </Table.Th>
              <Table.Th w={80} ta="right">
                Days
              </Table.Th>
              <Table.Th w={110} ta="right">
                Data sources
              </Table.Th>
              <Table.Th w={90} ta="right">
                Refused
              </Table.Th>
              <Table.Th w={250}>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.length === 0 && <EmptyRow cols={8} text="No data has been loaded yet." />}
            {jobs.map((job) => (
              <Table.Tr key={job.uuid} data-testid={`load-${job.uuid}`}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/loading/${job.uuid}`}
                    fz="sm"
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {job.filename}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {`${formatDisplayDate(job.createdAt)} ${dayjs(job.createdAt).format('HH:mm')}${job.uploadedBy ? `, ${job.uploadedBy}` : ''}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <LoadStatus job={job} />
                </Table.Td>
                <Table.Td>{job.format ? IMPORT_FORMAT_LABELS[job.format] : '—'}</Table.Td>
                <Table.Td ta="right">{count(job.readings)}</Table.Td>
                <Table.Td ta="right">{count(job.days)}</Table.Td>
                <Table.Td ta="right">{count(job.meters)}</Table.Td>
                <Table.Td ta="right">{count(job.refusedRows)}</Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    {job.error && (
                      <Text fz="sm" c={job.status === 'failed' ? 'red.9' : undefined}>
                        {job.error}
                      </Text>
                    )}
                    {(job.records > 0 || job.skipped > 0) && <Text fz="sm">{periodSummary(job)}</Text>}
                    {job.notes.length > 0 && <SkippedNotes notes={job.notes} />}
                    <ReportButton job={job} />
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
