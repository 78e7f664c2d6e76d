import { Badge, Button, FileInput, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { Dataset, DatasetMonth } from '@verdant/contracts/public-datasets';
import { MONTH_SHORT_NAMES } from '@verdant/domain/month-labels';
import { useEffect, useState } from 'react';
import { QueryPending } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDatasetChanges, useDatasetYear } from '../api';

/**
 * A dataset's twelve months of a year: shown to everyone, edited and saved (or loaded from a CSV of year,
 * month, value) by a product administrator. A month without a value is blank, never 0.
 */
export function DatasetYearEditor({
  dataset,
  year,
  editable,
}: {
  dataset: Dataset;
  year: number;
  editable: boolean;
}) {
  const query = useDatasetYear(dataset.collectionId, dataset.id, year);
  const { save, load } = useDatasetChanges(dataset.collectionId, dataset.id);
  const [draft, setDraft] = useState<(number | '')[]>([]);
  const [csvError, setCsvError] = useState<string | null>(null);
  useEffect(() => {
    if (query.data) setDraft(query.data.months.map((m) => m.value ?? ''));
  }, [query.data]);
  if (!query.data) return <QueryPending query={query} />;
  const saved = query.data.months;
  const changed: DatasetMonth[] = saved
    .map((m, i) => ({
      month: m.month,
      value: draft[i] === '' || draft[i] === undefined ? null : Number(draft[i]),
    }))
    .filter((m, i) => m.value !== (saved[i]?.value ?? null));

  const submit = () =>
    save.mutate(
      { year, months: changed },
      {
        onSuccess: () => showSuccessBanner(`${dataset.name}: ${year} saved`),
        onError: (e) => showErrorBanner(errorMessage(e)),
      },
    );
  const loadFile = async (file: File | null) => {
    if (!file) return;
    setCsvError(null);
    load.mutate(await file.text(), {
      onSuccess: (answer) => showSuccessBanner(answer.message),
      onError: (e) => setCsvError(errorMessage(e)),
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>
          {dataset.name} ({dataset.unit})
        </Text>
        {dataset.sample && (
          <Badge color="orange" variant="light" size="sm">
            Sample, not published data
          </Badge>
        )}
      </Group>
      <Text c="dimmed" fz="sm">
        {dataset.source}
        {dataset.degreeDayKind && dataset.baseC !== null
          ? ` · ${dataset.degreeDayKind} degree days, base ${dataset.baseC} °C`
          : ''}
        {dataset.from ? ` · values from ${dataset.from} to ${dataset.till}` : ' · no values yet'}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="xs">
        {saved.map((m, i) => (
          <NumberInput
            key={m.month}
            label={`${MONTH_SHORT_NAMES[i]} ${year}`}
            value={draft[i] ?? ''}
            readOnly={!editable}
            decimalScale={4}
            hideControls
            placeholder="No value"
            onChange={(v) => setDraft((d) => d.map((x, j) => (j === i ? (v === '' ? '' : Number(v)) : x)))}
          />
        ))}
      </SimpleGrid>
      {editable && (
        <Group gap="sm" align="flex-end">
          <Button onClick={submit} disabled={changed.length === 0} loading={save.isPending}>
            Save {year}
          </Button>
          <FileInput
            label="Load from a CSV (year, month, value)"
            accept=".csv,text/csv"
            leftSection={<IconUpload size={16} />}
            placeholder="Choose a CSV file"
            onChange={loadFile}
            w={280}
            error={csvError}
          />
        </Group>
      )}
    </Stack>
  );
}
