import {
  Button,
  FileInput,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { degreeDayLoad } from '@verdant/contracts/benchmark/library';
import { useState } from 'react';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDegreeDays, useLoadDegreeDays } from '../api';
import { FileProblems, problemsOf } from './file-problems';

/**
 * The current organisation's heating degree days (docs/decisions/benchmark.md, Weather): the series its
 * benchmarks normalise with, and a CSV of months (month yyyy-MM, hdd) to add or replace months.
 */
export function DegreeDaysSection({ organisationId }: { organisationId: number }) {
  const list = useDegreeDays(organisationId);
  const load = useLoadDegreeDays();
  const current = list.data?.[0];
  const [name, setName] = useState('');
  const [source, setSource] = useState('');
  const [base, setBase] = useState<number | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ message: string; problems: string[] } | null>(null);

  async function submit() {
    const body = {
      name: name || current?.name || '',
      source: source || current?.source || '',
      baseC: base === '' ? (current?.baseC ?? Number.NaN) : base,
      csv: file ? await file.text() : '',
    };
    const parsed = degreeDayLoad.safeParse(body);
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => [String(i.path[0]), i.message]);
    if (!file) issues.push(['csv', 'Choose the CSV file']);
    setRefusal(null);
    setErrors(Object.fromEntries(issues));
    if (issues.length > 0) return;
    load.mutate(
      { id: organisationId, body },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          setFile(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 400 || error.status === 409))
            setRefusal(problemsOf(error));
          else if (!isSilentError(error)) showErrorBanner(errorMessage(error));
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="degree-days-title">
      <Stack>
        <Title order={2} fz="lg" id="degree-days-title">
          Degree days of this organisation
        </Title>
        <Text fz="sm" c={current ? undefined : 'dimmed'}>
          {current
            ? `${current.name}: ${current.months} months (${current.first} to ${current.last}), base ${current.baseC} °C, from ${current.source}.`
            : "None yet: benchmarks use the public heating degree days of each entity's site's region, where there are some."}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Name"
            placeholder={current?.name}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Source"
            placeholder={current?.source}
            value={source}
            onChange={(e) => setSource(e.currentTarget.value)}
            error={errors.source}
          />
          <NumberInput
            label="Base (°C)"
            placeholder={current ? String(current.baseC) : '15.5'}
            value={base}
            onChange={(x) => setBase(x === '' ? '' : Number(x))}
            decimalScale={1}
            error={errors.baseC}
          />
        </SimpleGrid>
        <FileInput
          label="CSV file"
          description="Columns: month (yyyy-MM), hdd (heating degree days of the month, at least 0). A month already loaded is replaced."
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          error={errors.csv}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
        />
        <FileProblems message={refusal?.message ?? null} problems={refusal?.problems ?? []} />
        <Group justify="flex-end">
          <Button onClick={submit} loading={load.isPending}>
            Load degree days
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
