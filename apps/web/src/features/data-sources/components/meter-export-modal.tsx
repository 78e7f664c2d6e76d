import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { EXPORT_DATA, EXPORT_DATA_LABELS, meterDataExportRequest } from '@verdant/contracts/data-sources';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { MonthField } from '../../../components/date-fields';
import { errorMessage } from '../../../lib/api-errors';
import { showInfoBanner } from '../../../lib/banners';
import { downloadMeterExport, useOrganisationId } from '../api';

interface Range {
  key: number;
  aggregation: 'monthly' | 'total';
  start: string;
  end: string;
}

interface MeterExportModalProps {
  opened: boolean;
  onClose: () => void;
  /** The data sources shown in the table; `preselected` are chosen at first (the bulk selection). */
  sources: { id: number; name: string }[];
  preselected: number[];
}

/**
 * Meter Data Export (spec 5, "Data export"): data sources, at least one quantity/unit, one or more ranges each
 * with a start and an end, monthly or total; answered as a CSV or XLSX download.
 */
export function MeterExportModal({ opened, onClose, sources, preselected }: MeterExportModalProps) {
  const orgId = useOrganisationId();
  const [assets, setAssets] = useState<string[]>(preselected.map(String));
  const [data, setData] = useState<string[]>(['kWh']);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [validation, setValidation] = useState(false);
  const [ranges, setRanges] = useState<Range[]>([{ key: 1, aggregation: 'monthly', start: '', end: '' }]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = assets.length > 0 ? assets : sources.map((s) => String(s.id));

  const setRange = (key: number, change: Partial<Range>) => {
    setError(null);
    setRanges((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  };

  const submit = async () => {
    const parsed = meterDataExportRequest.safeParse({
      assets: chosen.map(Number),
      data,
      ranges: ranges.map(({ aggregation, start, end }) => ({ aggregation, start, end })),
      validationColumns: validation,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.validation);
    if (orgId === null) return;
    setError(null);
    setBusy(true);
    showInfoBanner(MSG.downloadStarting);
    try {
      await downloadMeterExport(orgId, parsed.data, format);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Meter Data Export" size="lg" centered>
      <Stack>
        <MultiSelect
          label="Data sources"
          description="Leave empty to export every data source in the table"
          searchable
          data={sources.map((s) => ({ value: String(s.id), label: s.name }))}
          value={assets}
          onChange={setAssets}
          maxDropdownHeight={240}
        />
        <Checkbox.Group label="Quantities" value={data} onChange={setData}>
          <Group mt="xs">
            {EXPORT_DATA.map((q) => (
              <Checkbox key={q} value={q} label={EXPORT_DATA_LABELS[q]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Stack gap="xs">
          <Text fw={500} fz="sm">
            Ranges
          </Text>
          {ranges.map((r, i) => (
            <Group key={r.key} align="flex-end" wrap="wrap" gap="xs">
              <SegmentedControl
                aria-label={`Range ${i + 1} aggregation`}
                value={r.aggregation}
                onChange={(v) => setRange(r.key, { aggregation: v as Range['aggregation'] })}
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
                onClick={() => setRanges((list) => list.filter((x) => x.key !== r.key))}
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
                setRanges((list) => [
                  ...list,
                  { key: Math.max(...list.map((x) => x.key)) + 1, aggregation: 'total', start: '', end: '' },
                ])
              }
            >
              Add range
            </Button>
          </Group>
        </Stack>
        <Checkbox
          label="Add validation columns (days open, days with data, complete)"
          checked={validation}
          onChange={(e) => setValidation(e.currentTarget.checked)}
        />
        <SegmentedControl
          aria-label="File format"
          value={format}
          onChange={(v) => setFormat(v as 'csv' | 'xlsx')}
          data={[
            { value: 'csv', label: 'CSV' },
            { value: 'xlsx', label: 'XLSX' },
          ]}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
