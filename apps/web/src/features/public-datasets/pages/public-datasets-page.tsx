import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryPending } from '../../../components/query-state';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCollections } from '../api';
import { DatasetYearEditor } from '../components/dataset-year-editor';
import { NewDatasetForm } from '../components/new-dataset-form';

/**
 * Public Datasets (/public-datasets): monthly series published by others (degree days by region, a grid's
 * published intensity), read by everyone and kept by product administrators.
 */
export function PublicDatasetsPage() {
  useDocumentTitle('Public Datasets');
  const collections = useCollections();
  const productAdmin = useSession()?.user?.productAdmin === true;
  const [chosen, setChosen] = useState<string | null>(null);
  const [year, setYear] = useState(() => String(new Date().getFullYear()));
  const all = (collections.data ?? []).flatMap((c) => c.datasets.map((d) => ({ c, d })));
  const current = all.find((x) => String(x.d.id) === chosen) ?? all[0];
  const years = Array.from({ length: 30 }, (_, i) => String(new Date().getFullYear() + 1 - i));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Public Datasets"
        description="Monthly figures published by others, such as heating and cooling degree days by region, for weather normalisation and as indicators beside an organisation's own figures."
      />
      {!collections.data ? (
        <QueryPending query={collections} />
      ) : all.length === 0 ? (
        <Text c="dimmed">No public dataset is loaded yet.</Text>
      ) : (
        <Paper withBorder p="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-end">
              <Select
                label="Dataset"
                w={{ base: '100%', sm: 420 }}
                value={current ? String(current.d.id) : null}
                onChange={setChosen}
                allowDeselect={false}
                data={(collections.data ?? []).map((c) => ({
                  group: c.name,
                  items: c.datasets.map((d) => ({ value: String(d.id), label: d.name })),
                }))}
              />
              <Select
                label="Year"
                w={120}
                value={year}
                onChange={(v) => setYear(v ?? year)}
                data={years}
                allowDeselect={false}
              />
            </Group>
            {current && (
              <DatasetYearEditor
                key={`${current.d.id}-${year}`}
                dataset={current.d}
                year={Number(year)}
                editable={productAdmin}
              />
            )}
          </Stack>
        </Paper>
      )}
      {productAdmin && collections.data && collections.data.length > 0 && (
        <NewDatasetForm collections={collections.data} onAdded={(id) => setChosen(String(id))} />
      )}
    </Stack>
  );
}
