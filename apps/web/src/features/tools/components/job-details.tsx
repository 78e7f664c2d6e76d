import { Anchor, Button, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { type BackgroundJobDetail, JOB_TYPE_LABELS } from '@verdant/contracts/tools';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { downloadReportJob } from '../api';
import { JobStatusBadge } from './job-status';
import { when } from './when';

/** A parameter in words: figures grouped, lists joined, a range as its start to its end. */
const shown = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v.toLocaleString();
  if (Array.isArray(v)) return v.map(shown).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.start === 'string' && typeof o.end === 'string')
      return `${o.start} to ${o.end}${typeof o.aggregation === 'string' ? ` (${o.aggregation})` : ''}`;
    return JSON.stringify(v);
  }
  return String(v);
};

/** The order a result's figures read in (the database keeps no order of keys); others follow. */
const RESULT_ORDER = [
  'messages',
  'attachments',
  'invoicesCreated',
  'dataFilesLoaded',
  'parked',
  'deferred',
  'rejected',
  'waiting',
  'dataSources',
  'rows',
  'meters',
];
const ranked = (k: string) => (RESULT_ORDER.includes(k) ? RESULT_ORDER.indexOf(k) : RESULT_ORDER.length);

/** An answer of plain figures and words (an email batch's counts), shown as labelled fields. */
const flat = (v: unknown): v is Record<string, string | number | boolean | null> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x));

/** A result's key in words: invoicesCreated is "Invoices created". */
const words = (key: string) => {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Who, where, what and when of one job, and what it was given. */
export function JobFacts({ job }: { job: BackgroundJobDetail }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Field label="Status">
          <JobStatusBadge status={job.status} />
        </Field>
        <Field label="Type">
          {JOB_TYPE_LABELS[job.type] ?? job.type}
          {job.type === 2 && job.runAfter ? `: from ${when(job.runAfter)}` : ''}
        </Field>
        <Field label="Owner">{job.owner ?? ''}</Field>
        <Field label="Organisation">{job.organisation?.name ?? 'All organisations'}</Field>
        <Field label="Created">{when(job.createdAt)}</Field>
        <Field label="Started">{when(job.startedAt)}</Field>
        <Field label="Finished">{when(job.finishedAt)}</Field>
        <Field label="Attempts">{job.attempts}</Field>
      </SimpleGrid>
      <Title order={3} size="h6" mt="md" mb={4}>
        Parameters
      </Title>
      {Object.entries(job.parameters).map(([k, v]) => (
        <Text size="sm" key={k} style={{ overflowWrap: 'anywhere' }}>
          {words(k)}: {Array.isArray(v) && v.length > 5 ? `${v.length.toLocaleString()} chosen` : shown(v)}
        </Text>
      ))}
      {job.link && (
        <Anchor component={Link} to={job.link} size="sm" mt="sm" display="inline-block">
          See what it works on
        </Anchor>
      )}
    </Paper>
  );
}

/** What a finished job answered: a restatement's reach, a report's file, or the answer as it is. */
export function JobResult({ result, jobId }: { result: unknown; jobId: number }) {
  if (result === null || result === undefined) return null;
  const r = result as {
    organisations?: number;
    meters?: number;
    kgCo2eMoved?: number;
    file?: { filename: string; size: number };
  };
  if (r.file) return <ReportFileResult jobId={jobId} file={r.file} />;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h6" mb={4}>
        Result
      </Title>
      {r.kgCo2eMoved !== undefined && r.meters !== undefined ? (
        <Text size="sm">
          Figures of {r.meters.toLocaleString()} {r.meters === 1 ? 'data source' : 'data sources'} in{' '}
          {r.organisations?.toLocaleString()} {r.organisations === 1 ? 'organisation' : 'organisations'}{' '}
          moved; {Math.round(r.kgCo2eMoved ?? 0).toLocaleString()} kg CO2e in all.
        </Text>
      ) : flat(result) ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {Object.entries(result)
            .filter(([k]) => k !== 'downloadName')
            .sort(([a], [b]) => ranked(a) - ranked(b))
            .map(([k, v]) => (
              <Field key={k} label={words(k)}>
                {typeof v === 'number' ? v.toLocaleString() : shown(v)}
              </Field>
            ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(result, null, 2)}
        </Text>
      )}
    </Paper>
  );
}

/** The rows a job refused, and its log, oldest first. */
export function JobLog({ job }: { job: BackgroundJobDetail }) {
  return (
    <Paper withBorder p="md" radius="md">
      {job.refused.length > 0 && (
        <>
          <Title order={3} size="h6" mb={4}>
            Refused rows
          </Title>
          <Table aria-label="Refused rows" mb="md">
            <Table.Tbody>
              {job.refused.map((r) => (
                <Table.Tr key={`${r.line}-${r.reason}`}>
                  <Table.Td w={80}>Row {r.line}</Table.Td>
                  <Table.Td>{r.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      <Title order={3} size="h6" mb={4}>
        Log
      </Title>
      <Table aria-label="Log" verticalSpacing={4}>
        <Table.Tbody>
          {job.log.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: log lines have no id and never reorder
            <Table.Tr key={i}>
              <Table.Td w={150} c="dimmed">
                {when(l.timestamp)}
              </Table.Td>
              <Table.Td>{l.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** A report run in the jobs centre: its file, downloaded by its owner. */
function ReportFileResult({ jobId, file }: { jobId: number; file: { filename: string; size: number } }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    setProblem(null);
    try {
      await downloadReportJob(jobId, file.filename);
    } catch (error) {
      if (!isSilentError(error)) setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h6" mb={4}>
        Result
      </Title>
      <Group gap="sm">
        <Text size="sm">
          {file.filename} ({Math.max(1, Math.round(file.size / 1024)).toLocaleString()} KB)
        </Text>
        <Button size="xs" onClick={download} loading={busy}>
          Download
        </Button>
      </Group>
      {problem && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {problem}
        </Text>
      )}
    </Paper>
  );
}
