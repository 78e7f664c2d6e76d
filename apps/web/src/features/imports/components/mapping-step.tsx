import { Alert, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReadingsMappingInput } from '@verdant/contracts/imports';
import {
  MAPPING_LABELS,
  type MappingColumn,
  mappingProblems,
  type ReadingsMapping,
} from '@verdant/domain/imports/csv-mapping';
import { ScrollTable } from '../../../components/scroll-table';

const OPTIONAL: MappingColumn[] = ['register', 'quality', 'direction'];

/** The column-mapping step of the upload dialog: which column is what, shown over the file's first rows. */
export function MappingStep({
  headers,
  rows,
  mapping,
  remembered,
  onChange,
}: {
  headers: string[];
  rows: string[][];
  mapping: ReadingsMapping;
  remembered: boolean;
  onChange: (mapping: ReadingsMapping) => void;
}) {
  const set = (patch: Partial<ReadingsMapping>) => onChange({ ...mapping, ...patch });
  const columns = headers.map((h) => ({ value: h, label: h }));
  const byTimestamp = mapping.timestamp !== null || (mapping.date === null && mapping.period === null);
  const column = (key: MappingColumn, required: boolean) => (
    <Select
      key={key}
      label={MAPPING_LABELS[key]}
      placeholder={required ? 'Choose a column' : 'None'}
      data={columns}
      value={mapping[key] || null}
      onChange={(value) => set({ [key]: value ?? (required ? '' : null) })}
      clearable={!required}
      required={required}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const problems = mappingProblems(mapping, headers);
  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        {remembered
          ? 'This is the mapping used for a file with these columns before.'
          : 'Say which column holds what. The mapping is remembered for the next file with these columns.'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {column('meter', true)}
        {column('value', true)}
      </SimpleGrid>
      <SegmentedControl
        fullWidth
        aria-label="The time is given as"
        data={[
          { value: 'timestamp', label: 'Timestamp' },
          { value: 'period', label: 'Date + period' },
        ]}
        value={byTimestamp ? 'timestamp' : 'period'}
        onChange={(v) =>
          set(
            v === 'timestamp'
              ? { timestamp: mapping.timestamp ?? '', date: null, period: null }
              : { timestamp: null, date: mapping.date ?? '', period: mapping.period ?? '' },
          )
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {byTimestamp ? column('timestamp', true) : [column('date', true), column('period', true)]}
        {OPTIONAL.map((key) => column(key, false))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Interval length"
          data={[
            { value: '60', label: '60 minutes (split evenly into half hours)' },
            { value: '30', label: '30 minutes' },
            { value: '15', label: '15 minutes' },
            { value: '5', label: '5 minutes' },
          ]}
          value={String(mapping.intervalMinutes)}
          onChange={(v) => set({ intervalMinutes: Number(v ?? 30) as ReadingsMapping['intervalMinutes'] })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Readings are in"
          data={[
            { value: 'kWh', label: 'kWh' },
            { value: 'Wh', label: 'Wh' },
            { value: 'MWh', label: 'MWh' },
            { value: 'meter', label: "The data source's own unit" },
          ]}
          value={mapping.valueUnit}
          onChange={(v) => set({ valueUnit: (v ?? 'kWh') as ReadingsMapping['valueUnit'] })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {byTimestamp && (
          <Select
            label="A time marks its interval's"
            data={[
              { value: 'start', label: 'Start' },
              { value: 'end', label: 'End' },
            ]}
            value={mapping.timestampMarks}
            onChange={(v) => set({ timestampMarks: v === 'end' ? 'end' : 'start' })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Select
          label="Dates that are not yyyy-MM-dd are"
          data={[
            { value: 'day', label: 'Day first (dd/MM/yyyy)' },
            { value: 'month', label: 'Month first (MM/dd/yyyy)' },
          ]}
          value={mapping.dayFirst ? 'day' : 'month'}
          onChange={(v) => set({ dayFirst: v !== 'month' })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {problems.length > 0 && (
        <Alert color="yellow" variant="light" data-testid="mapping-problems">
          <Stack gap={2}>
            {problems.map((p) => (
              <Text fz="sm" key={p}>
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="md">
        <ScrollTable label="The file's first rows" minWidth={Math.max(360, headers.length * 120)}>
          <Table fz="xs" striped>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the preview rows have no identity but their order
                <Table.Tr key={i}>
                  {headers.map((h, j) => (
                    <Table.Td key={h}>{row[j] ?? ''}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </Stack>
  );
}

/** The mapping as the upload sends it. */
export const mappingInput = (mapping: ReadingsMapping): ReadingsMappingInput => ({
  ...mapping,
  timestamp: mapping.timestamp || null,
  date: mapping.date || null,
  period: mapping.period || null,
});
