import { Badge, Button, Chip, Group, MultiSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { IconFileAnalytics } from '@tabler/icons-react';
import type { Report } from '@verdant/contracts/reports';
import {
  LEVEL_LABELS,
  LEVELS,
  type Level,
  OUTPUT_KIND,
  OUTPUT_KINDS,
  type OutputKind,
} from '@verdant/domain/reports/report-types';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EmptyRow, QueryState } from '../../../components/query-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useReports, useReportTags } from '../api';
import { CreateReportModal } from '../components/create-report-modal';
import { LevelIcons } from '../components/level-icons';

const PERIOD_NAMES: Record<Report['type'], string> = {
  Monthly: 'Monthly',
  Quarterly: 'Quarterly',
  Yearly: 'Yearly',
  FixedLength: 'Fixed length',
  VariableLength: 'Any dates',
  VariableMonth: 'Whole months',
  NoLength: 'No period',
};

/** /reports/mgmt: the catalogue of reports, filtered by type, level and tags; each opens Create Report. */
export function ReportsPage() {
  useDocumentTitle('Reports');
  const reports = useReports();
  const tags = useReportTags();
  const [kinds, setKinds] = useState<string[]>([]);
  const [levels, setLevels] = useState<string[]>([]);
  const [chosenTags, setChosenTags] = useState<string[]>([]);
  const [creating, setCreating] = useState<Report | null>(null);

  const shown = useMemo(
    () =>
      (reports.data ?? []).filter(
        (r) =>
          (kinds.length === 0 || r.output.some((o) => kinds.includes(OUTPUT_KIND[o]))) &&
          (levels.length === 0 || r.target.some((l) => levels.includes(l))) &&
          (chosenTags.length === 0 || r.tags.some((t) => chosenTags.includes(t))),
      ),
    [reports.data, kinds, levels, chosenTags],
  );

  return (
    <>
      <PageHeader title="Reports" description="Run a report now as PDF, spreadsheet or text." />
      <Group align="flex-end" gap="md" mb="md" wrap="wrap">
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="report-type-label">
            Type
          </Text>
          <Chip.Group multiple value={kinds} onChange={setKinds}>
            <Group gap="xs" role="group" aria-labelledby="report-type-label">
              {OUTPUT_KINDS.map((k: OutputKind) => (
                <Chip key={k} value={k} size="sm">
                  {k}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        <MultiSelect
          label="Level"
          placeholder={levels.length === 0 ? 'Any level' : undefined}
          data={LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l] }))}
          value={levels}
          onChange={setLevels}
          clearable
          w={260}
        />
        <MultiSelect
          label="Tags"
          placeholder={chosenTags.length === 0 ? 'Any tag' : undefined}
          data={tags.data ?? []}
          value={chosenTags}
          onChange={setChosenTags}
          clearable
          w={260}
        />
      </Group>
      <QueryState query={reports}>
        {() => (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="reports-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Report</Table.Th>
                  <Table.Th w={120} visibleFrom="sm">
                    Period
                  </Table.Th>
                  <Table.Th w={150} visibleFrom="sm">
                    Level
                  </Table.Th>
                  <Table.Th w={150} visibleFrom="sm">
                    Formats
                  </Table.Th>
                  <Table.Th w={140} visibleFrom="sm" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.length === 0 && <EmptyRow cols={5} text="No report matches these filters." />}
                {shown.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text fz="sm" fw={600}>
                        {r.name}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {r.description}
                      </Text>
                      <Group gap={6} mt={6} hiddenFrom="sm" wrap="wrap">
                        <Text fz="xs">{PERIOD_NAMES[r.type]}</Text>
                        <LevelIcons levels={r.target as Level[]} />
                        <Text fz="xs">{r.output.join(', ')}</Text>
                      </Group>
                      <Group gap={4} mt={4}>
                        {r.tags.map((t) => (
                          <Badge key={t} size="xs" variant="light" color="gray">
                            {t}
                          </Badge>
                        ))}
                      </Group>
                      <Button
                        hiddenFrom="sm"
                        mt="xs"
                        size="compact-sm"
                        leftSection={<IconFileAnalytics size={16} />}
                        onClick={() => setCreating(r)}
                        aria-label={`Create Report ${r.name}`}
                      >
                        Create Report
                      </Button>
                    </Table.Td>
                    <Table.Td fz="sm" visibleFrom="sm">
                      {PERIOD_NAMES[r.type]}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <LevelIcons levels={r.target as Level[]} />
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Group gap={4}>
                        {r.output.map((o) => (
                          <Badge key={o} size="sm" variant="outline">
                            {o}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Button
                        size="compact-sm"
                        leftSection={<IconFileAnalytics size={16} />}
                        onClick={() => setCreating(r)}
                        aria-label={`Create Report ${r.name}`}
                      >
                        Create Report
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryState>
      {creating && <CreateReportModal report={creating} onClose={() => setCreating(null)} />}
    </>
  );
}
