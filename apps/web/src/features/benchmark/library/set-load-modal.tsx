import {
  Checkbox,
  FileInput,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { newBenchmarkSet } from '@verdant/contracts/benchmark/library';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useLoadSet } from '../api';
import { FileProblems, problemsOf } from './file-problems';

const LAYOUT =
  'type_key, type_name, unit (kWh/m2, kBtu/ft2, MJ/m2 or GJ/m2), total, electricity, fossil, good_practice, p25, p75, publication, secondary (yes or no)';

/** Loads a published set's edition from the documented CSV layout (docs/samples/README.md). */
export function SetLoadModal({ onClose }: { onClose: () => void }) {
  const load = useLoadSet();
  const [v, setV] = useState({
    series: '',
    publisher: '',
    name: '',
    edition: '',
    published: '',
    level: '4',
    sourceTitle: '',
    sourceUrl: '',
    metric: 'site-energy',
    statistic: 'median',
    adjustments: '',
    secondary: false,
  });
  const [hdd, setHdd] = useState<number | ''>('');
  const [base, setBase] = useState<number | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ message: string; problems: string[] } | null>(null);
  const field = (key: keyof typeof v) => ({
    value: String(v[key]),
    onChange: (e: { currentTarget: { value: string } }) => setV({ ...v, [key]: e.currentTarget.value }),
    error: errors[key],
  });

  async function submit() {
    const body = {
      ...v,
      level: Number(v.level),
      published: v.published || null,
      sourceUrl: v.sourceUrl.trim() || null,
      metric: v.metric as 'site-energy' | 'electricity-fossil',
      statistic: v.statistic as 'median' | 'typical',
      referenceHdd: hdd === '' ? null : hdd,
      referenceBaseC: base === '' ? null : base,
      csv: file ? await file.text() : '',
    };
    const parsed = newBenchmarkSet.safeParse(body);
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => [String(i.path[0]), i.message]);
    if (!file) issues.push(['csv', 'Choose the CSV file']);
    setRefusal(null);
    setErrors(Object.fromEntries(issues));
    if (issues.length > 0) return;
    load.mutate(body, {
      onSuccess: (answer) => {
        showSuccessBanner(answer.message);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 400 || error.status === 409))
          setRefusal(problemsOf(error));
        else if (!isSilentError(error)) showErrorBanner(errorMessage(error));
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title="Load a benchmark set" size="xl">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Series key"
            description="Its editions share it, e.g. cibse-tm46"
            {...field('series')}
          />
          <TextInput
            label="Edition"
            description="e.g. 2025; never changed once loaded"
            {...field('edition')}
          />
          <TextInput label="Name" {...field('name')} />
          <TextInput label="Publisher" {...field('publisher')} />
          <TextInput label="Source title" {...field('sourceTitle')} />
          <TextInput label="Source address" {...field('sourceUrl')} />
          <DateField
            label="Published"
            value={v.published || null}
            onChange={(value) => setV({ ...v, published: value ?? '' })}
            error={errors.published}
          />
          <Select
            label="Level"
            description="The Benchmark page's level it answers"
            data={['2', '3', '4', '5']}
            value={v.level}
            onChange={(x) => x && setV({ ...v, level: x })}
            error={errors.level}
          />
          <Select
            label="Figures"
            data={[
              { value: 'site-energy', label: 'One site-energy figure a type' },
              { value: 'electricity-fossil', label: 'Electricity and fossil thermal apart' },
            ]}
            value={v.metric}
            onChange={(x) => x && setV({ ...v, metric: x })}
          />
          <Select
            label="Main figure"
            data={[
              { value: 'median', label: 'Median' },
              { value: 'typical', label: 'Typical building' },
            ]}
            value={v.statistic}
            onChange={(x) => x && setV({ ...v, statistic: x })}
          />
          <NumberInput
            label="Heating degree days it stands for"
            min={0}
            value={hdd}
            onChange={(x) => setHdd(x === '' ? '' : Number(x))}
          />
          <NumberInput
            label="Their base (°C)"
            value={base}
            onChange={(x) => setBase(x === '' ? '' : Number(x))}
            decimalScale={1}
          />
        </SimpleGrid>
        <Textarea label="Adjustments it assumes" autosize minRows={2} {...field('adjustments')} />
        <Checkbox
          label="Transcribed from a secondary source (not checked against the publication)"
          checked={v.secondary}
          onChange={(e) => setV({ ...v, secondary: e.currentTarget.checked })}
        />
        <FileInput
          label="CSV file"
          description={`Columns: ${LAYOUT}`}
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          error={errors.csv}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
        />
        <Text fz="xs" c="dimmed">
          The first row names the columns; one row a building type. A file with any problem is refused whole,
          every row named.
        </Text>
        <FileProblems message={refusal?.message ?? null} problems={refusal?.problems ?? []} />
        <FormActions onCancel={onClose} onClick={submit} loading={load.isPending}>
          Load
        </FormActions>
      </Stack>
    </Modal>
  );
}
