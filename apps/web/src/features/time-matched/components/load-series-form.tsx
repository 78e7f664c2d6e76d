import {
  Checkbox,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type GridSeriesList, newGridSeries } from '@verdant/contracts/time-matched';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useGridSeriesChanges } from '../api';

/** Regions on the national grid: every regional council area but the Chatham Islands and 'Outside New Zealand'. */
const GRID_REGIONS = Array.from({ length: 16 }, (_, i) => String(i + 1));

/**
 * Loads a grid intensity series from a CSV file (Start as an ISO 8601 instant with its offset, kg CO2e per
 * kWh): its name, where the figures come from, the regions it covers, its interval and whether it is a sample.
 */
export function LoadSeriesForm({
  regions,
  onClose,
}: {
  regions: GridSeriesList['regions'];
  onClose: () => void;
}) {
  const { create } = useGridSeriesChanges();
  const [name, setName] = useState('');
  const [source, setSource] = useState('');
  const [notes, setNotes] = useState('');
  const [interval, setInterval] = useState<'30' | '60'>('30');
  const [regionIds, setRegionIds] = useState<string[]>(GRID_REGIONS);
  const [sample, setSample] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit() {
    const body = {
      name,
      source,
      notes: notes.trim() || null,
      sample,
      intervalMinutes: Number(interval) as 30 | 60,
      regionIds: regionIds.map(Number),
      csv: file ? await file.text() : '',
    };
    const parsed = newGridSeries.safeParse(body);
    const issues = parsed.success ? [] : parsed.error.issues;
    if (!file) issues.push({ path: ['csv'], message: 'Choose the CSV file' } as (typeof issues)[number]);
    if (issues.length > 0) {
      setErrors(Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: (s) => {
        showSuccessBanner(`${s.name} loaded: ${s.points.toLocaleString('en-NZ')} intervals`);
        onClose();
      },
      onError: (e) => {
        if (e instanceof ApiError && (e.status === 400 || e.status === 409)) {
          const field = Object.keys(e.fields)[0] ?? 'form';
          setErrors({ [field === 'csv' || field === 'name' ? field : 'form']: e.message });
        } else if (!isSilentError(e)) showErrorBanner(errorMessage(e));
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title="Load a grid intensity series" size="lg">
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <Textarea
          label="Source"
          description="Who publishes the figures and where they were taken from"
          value={source}
          onChange={(e) => setSource(e.currentTarget.value)}
          error={errors.source}
          autosize
          minRows={2}
        />
        <Textarea
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          autosize
          minRows={1}
        />
        <Group align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Interval"
            value={interval}
            onChange={(v) => setInterval(v as '30' | '60')}
            data={[
              { value: '30', label: 'Half-hourly' },
              { value: '60', label: 'Hourly' },
            ]}
          />
          <Checkbox
            label="A sample, not official data"
            checked={sample}
            onChange={(e) => setSample(e.currentTarget.checked)}
          />
        </Group>
        <MultiSelect
          label="Regions it covers"
          data={regions.map((r) => ({ value: String(r.id), label: r.name }))}
          value={regionIds}
          onChange={setRegionIds}
          searchable
          error={errors.regionIds}
        />
        <FileInput
          label="CSV file"
          description="Start (ISO 8601 with its offset, such as 2025-07-01T08:00+12:00), kg CO2e per kWh"
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          error={errors.csv}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
        />
        {errors.form && (
          <Text role="alert" c="red" fz="sm">
            {errors.form}
          </Text>
        )}
        <FormActions onCancel={onClose} onClick={submit} loading={create.isPending}>
          Load
        </FormActions>
      </Stack>
    </Modal>
  );
}
