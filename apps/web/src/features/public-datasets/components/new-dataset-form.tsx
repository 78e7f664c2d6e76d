import {
  Button,
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Collection } from '@verdant/contracts/public-datasets';
import { useState } from 'react';
import { useReferenceList } from '../../../components/reference-lists';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useCreateDataset } from '../api';

type Kind = 'heating' | 'cooling';
const empty = { name: '', unit: '', source: '', sample: '', regionId: null as string | null };

/**
 * Adding a dataset to a collection (product administrators). Degree days state their base temperature and
 * whether they are heating or cooling degree days (docs/decisions/public-datasets.md, The benchmark's weather):
 * only heating degree days with a base weather-normalise benchmarks, and a name is never read for them.
 */
export function NewDatasetForm({
  collections,
  onAdded,
}: {
  collections: Collection[];
  onAdded: (id: number) => void;
}) {
  const regions = useReferenceList('regions');
  const [collectionId, setCollectionId] = useState<string | null>(
    collections[0] ? String(collections[0].id) : null,
  );
  const [form, setForm] = useState(empty);
  const [baseC, setBaseC] = useState<number | ''>('');
  const [kind, setKind] = useState<Kind | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateDataset();
  const collection = collections.find((c) => String(c.id) === collectionId);
  const degreeDays = collection?.name.toLowerCase() === 'degree days';
  const set = (k: keyof typeof empty) => (v: string | null) => setForm((f) => ({ ...f, [k]: v ?? '' }));

  function submit() {
    if (!collection) return;
    setErrors({});
    create.mutate(
      {
        collectionId: collection.id,
        body: {
          name: form.name,
          unit: form.unit,
          source: form.source,
          sample: form.sample.trim() === '' ? null : form.sample,
          regionId: form.regionId ? Number(form.regionId) : null,
          baseC: degreeDays && baseC !== '' ? Number(baseC) : null,
          degreeDayKind: degreeDays && kind !== '' ? kind : null,
        },
      },
      {
        onSuccess: (d) => {
          showSuccessBanner(`${d.name} added to ${collection.name}`);
          setForm(empty);
          setBaseC('');
          setKind('');
          onAdded(d.id);
        },
        onError: (e) => {
          if (e instanceof ApiError && Object.keys(e.fields).length > 0)
            setErrors(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, v[0] ?? ''])));
          else showErrorBanner(errorMessage(e));
        },
      },
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-dataset-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="new-dataset-title">
          Add a dataset
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Collection"
            value={collectionId}
            onChange={setCollectionId}
            allowDeselect={false}
            data={collections.map((c) => ({ value: String(c.id), label: c.name }))}
          />
          <TextInput
            label="Name"
            value={form.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Unit"
            placeholder={degreeDays ? '°C·day' : 'kg CO2e/kWh'}
            value={form.unit}
            onChange={(e) => set('unit')(e.currentTarget.value)}
            error={errors.unit}
          />
          <Select
            label="Region"
            placeholder="None"
            clearable
            searchable
            value={form.regionId}
            onChange={set('regionId')}
            data={(regions.data ?? []).map((r) => ({ value: String(r.Id), label: r.Descr }))}
            error={errors.regionId}
          />
          <TextInput
            label="Source"
            description="Who publishes it and where it comes from"
            value={form.source}
            onChange={(e) => set('source')(e.currentTarget.value)}
            error={errors.source}
          />
          <TextInput
            label="Sample note"
            description="Only for figures made up for demonstration"
            value={form.sample}
            onChange={(e) => set('sample')(e.currentTarget.value)}
            error={errors.sample}
          />
        </SimpleGrid>
        {degreeDays && (
          <Group gap="md" align="flex-start">
            <NumberInput
              label="Base temperature (°C)"
              w={200}
              decimalScale={2}
              value={baseC}
              onChange={(v) => {
                setBaseC(v === '' ? '' : Number(v));
                setErrors(({ baseC: _, ...rest }) => rest);
              }}
              error={errors.baseC}
            />
            <Input.Wrapper label="Kind of degree days" error={errors.degreeDayKind}>
              <div>
                <SegmentedControl
                  aria-label="Kind of degree days"
                  value={kind}
                  onChange={(v) => {
                    setKind(v as Kind);
                    setErrors(({ degreeDayKind: _, ...rest }) => rest);
                  }}
                  data={[
                    { value: 'heating', label: 'Heating' },
                    { value: 'cooling', label: 'Cooling' },
                  ]}
                />
              </div>
            </Input.Wrapper>
          </Group>
        )}
        {degreeDays && (
          <Text fz="xs" c="dimmed">
            Heating degree days with a base weather-normalise the benchmarks of sites in their region whose
            organisation has no degree days of its own; cooling degree days are indicators on graphs.
          </Text>
        )}
        <Group>
          <Button onClick={submit} loading={create.isPending}>
            Add dataset
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
