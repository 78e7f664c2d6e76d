import { ActionIcon, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MonthField } from './date-fields';
import { FormActions, FormError } from './form-actions';

/** One range of a data export (yyyy-MM start and end), monthly or as one total. */
export interface ExportRange {
  key: number;
  aggregation: 'monthly' | 'total';
  start: string;
  end: string;
}

export const FIRST_EXPORT_RANGE: ExportRange = { key: 1, aggregation: 'monthly', start: '', end: '' };

/** The ranges as the export requests send them. */
export const exportRangeValues = (ranges: ExportRange[]) =>
  ranges.map(({ aggregation, start, end }) => ({ aggregation, start, end }));

/** The Ranges rows of the Site and Meter Data Export modals: aggregation, start, end; add and remove. */
export function ExportRangesField({
  ranges,
  onChange,
}: {
  ranges: ExportRange[];
  onChange: (ranges: ExportRange[]) => void;
}) {
  const setRange = (key: number, change: Partial<ExportRange>) =>
    onChange(ranges.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        Ranges
      </Text>
      {ranges.map((r, i) => (
        <Group key={r.key} align="flex-end" wrap="wrap" gap="xs">
          <SegmentedControl
            aria-label={`Range ${i + 1} aggregation`}
            value={r.aggregation}
            onChange={(v) => setRange(r.key, { aggregation: v as ExportRange['aggregation'] })}
            data={[
              { value: 'monthly', label: 'Monthly' },
              { value: 'total', label: 'Total' },
            ]}
          />
          <MonthField
            label={`Range ${i + 1} start`}
            value={r.start || null}
            onChange={(value) => setRange(r.key, { start: value ?? '' })}
            w={140}
          />
          <MonthField
            label={`Range ${i + 1} end`}
            value={r.end || null}
            onChange={(value) => setRange(r.key, { end: value ?? '' })}
            w={140}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove range ${i + 1}`}
            disabled={ranges.length === 1}
            onClick={() => onChange(ranges.filter((x) => x.key !== r.key))}
            mb={4}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            onChange([
              ...ranges,
              { key: Math.max(...ranges.map((x) => x.key)) + 1, aggregation: 'total', start: '', end: '' },
            ])
          }
        >
          Add range
        </Button>
      </Group>
    </Stack>
  );
}

/** An export modal's foot: the refusal, if any, then Cancel and Export. */
export function ExportActions({
  error,
  busy,
  onCancel,
  onExport,
  label = 'Export',
}: {
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  onExport: () => void;
  /** The button's words ("Export in the background" for an export run as a job). */
  label?: string;
}) {
  return (
    <>
      <FormError>{error}</FormError>
      <FormActions onCancel={onCancel} onClick={onExport} loading={busy}>
        {label}
      </FormActions>
    </>
  );
}
