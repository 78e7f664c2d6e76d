import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import type { ImportJob } from '@verdant/contracts/imports';
import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDataSourceChoices, useMapUnknownMeter } from '../api';

type Unknown = NonNullable<ImportJob['refusals']>['unknownMeters'][number];

const count = (n: number) => n.toLocaleString('en-NZ');

/** One data source the file names: the one it now names, or a choice of data source to map it to. */
function UnknownRow({
  job,
  unknown,
  choices,
}: {
  job: ImportJob;
  unknown: Unknown;
  choices: { value: string; label: string }[];
}) {
  const map = useMapUnknownMeter(job.uuid);
  const [chosen, setChosen] = useState<string | null>(null);
  const send = () => {
    if (!chosen) return;
    map.mutate(
      { key: unknown.key, meterId: Number(chosen) },
      {
        onSuccess: (answer) => showSuccessBanner(answer.message),
        onError: (e) => {
          if (!isSilentError(e)) showErrorBanner(errorMessage(e));
        },
      },
    );
  };
  return (
    <Table.Tr data-testid={`unknown-${unknown.key}`}>
      <Table.Td>
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {unknown.key}
        </Text>
        <Text fz="xs" c="dimmed">
          {unknown.label}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{unknown.context ?? '—'}</Text>
      </Table.Td>
      <Table.Td ta="right">{count(unknown.rows)}</Table.Td>
      <Table.Td>
        {unknown.meterId ? (
          <Group gap={6} wrap="nowrap">
            <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
            <Text fz="sm">{unknown.meterName}</Text>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <Select
              aria-label={`Data source for ${unknown.key}`}
              placeholder="Choose a data source"
              data={choices}
              value={chosen}
              onChange={setChosen}
              searchable
              size="xs"
              miw={200}
              comboboxProps={{ withinPortal: true }}
            />
            <Button size="xs" onClick={send} disabled={!chosen} loading={map.isPending}>
              Map
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The data sources a refused load's file names that the organisation does not have, each with its rows: map each
 * to a data source (remembered on it), or create it with the New Meter wizard; then load the file again.
 */
export function UnknownMeters({ job }: { job: ImportJob }) {
  const { choices } = useDataSourceChoices();
  const unknown = job.refusals?.unknownMeters ?? [];
  if (unknown.length === 0) return null;
  const left = unknown.filter((u) => !u.meterId).length;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Data sources not found
          </Title>
          <Text fz="sm" c="dimmed">
            {left === 0
              ? 'Every data source the file names is found now: load the file again.'
              : `${count(left)} of ${count(unknown.length)} still to map or create.`}
          </Text>
        </Stack>
        <Button
          component={Link}
          to="/organisation/data-sources?show=new-meter"
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
        >
          Create a data source
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <ScrollTable label="Data sources not found" minWidth={720}>
          <Table verticalSpacing="sm" data-testid="unknown-meters">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name in the file</Table.Th>
                <Table.Th>Described as</Table.Th>
                <Table.Th ta="right" w={80}>
                  Rows
                </Table.Th>
                <Table.Th w={320}>
                  Data source{' '}
                  <Badge size="xs" variant="light">{`${count(unknown.length - left)} mapped`}</Badge>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {unknown.map((u) => (
                <UnknownRow key={u.key} job={job} unknown={u} choices={choices} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </Stack>
  );
}

/** The other reasons a load refused rows for, each with its rows and the first of them. */
export function RefusalReasons({ job }: { job: ImportJob }) {
  const reasons = job.refusals?.reasons ?? [];
  if (reasons.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Other reasons
      </Title>
      <Paper withBorder radius="md">
        <ScrollTable label="Other reasons" minWidth={560}>
          <Table verticalSpacing="xs" data-testid="refusal-reasons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reason</Table.Th>
                <Table.Th ta="right" w={80}>
                  Rows
                </Table.Th>
                <Table.Th ta="right" w={100}>
                  First line
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reasons.map((r) => (
                <Table.Tr key={r.reason}>
                  <Table.Td>
                    <Text fz="sm">{r.reason}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{count(r.rows)}</Table.Td>
                  <Table.Td ta="right">{r.firstLine > 0 ? count(r.firstLine) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </Stack>
  );
}
