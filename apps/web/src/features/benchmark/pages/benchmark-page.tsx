import { Alert, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import {
  BENCHMARK_LEVELS,
  defaultBenchmarkEnd,
  LEVEL_LABELS,
} from '@verdant/domain/benchmark/benchmark-rules';
import { monthOf } from '@verdant/domain/calendar';
import { useSearchParams } from 'react-router';
import { MonthField } from '../../../components/date-fields';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-errors';
import { useOrganisationToday } from '../../../lib/organisation-today';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBenchmark, useBenchmarkSets, useEntityChoices } from '../api';
import { BenchmarkPdfButton } from '../components/benchmark-pdf-button';
import { BenchmarkResultView } from '../components/benchmark-result';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Benchmark (/reports/benchmark and /reports/benchmarking, data-portal.md 2.7): an entity and an end month
 * (two months ago unless chosen), a level 0-5 (docs/decisions/benchmark.md, Levels), and the entity's energy
 * per unit against the benchmark's. The choices live in the address, so the entity page can link here.
 */
export function BenchmarkPage() {
  useDocumentTitle('Benchmark');
  const [params, setParams] = useSearchParams();
  const entityId = Number(params.get('entity')) || null;
  const level = Math.min(5, Math.max(0, Number(params.get('level') ?? 2) || 0));
  const asked = params.get('endMonth');
  const endMonth = asked && MONTH.test(asked) ? asked : null;
  // The month the API defaults to, shown before an entity is chosen (the answer's own end month after).
  const today = useOrganisationToday();
  const defaultEnd = defaultBenchmarkEnd(monthOf(today)).slice(0, 7);
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value === null || value === '') p.delete(key);
        else p.set(key, value);
        return p;
      },
      { replace: true },
    );

  const entities = useEntityChoices();
  const sets = useBenchmarkSets();
  const result = useBenchmark(entityId, level, endMonth);
  const levels = BENCHMARK_LEVELS.map((l) => {
    const s = sets.data?.find((x) => x.level === l && x.current);
    const label = l < 2 ? LEVEL_LABELS[l] : s ? `${s.name} (${s.edition})` : 'No set published';
    return { value: String(l), label: `${l} — ${label}` };
  });

  return (
    <>
      <PageHeader
        title="Benchmark"
        description="Compare an entity’s energy use over 12 months with its own previous year, with the organisation’s other entities of the same type, or with a published building-type benchmark. Figures are per square metre of gross floor area (the published sets) or per each indicator the entity has."
        right={
          <BenchmarkPdfButton
            entityId={entityId}
            level={level}
            endMonth={endMonth ?? result.data?.endMonth ?? null}
          />
        }
      />
      <Stack gap="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label="Entity"
            placeholder="Choose an entity"
            searchable
            w={{ base: '100%', sm: 280 }}
            data={(entities.data?.entities ?? []).map((e) => ({
              value: String(e.id),
              label: `${e.name} (${e.siteName})`,
            }))}
            value={entityId === null ? null : String(entityId)}
            onChange={(v) => set('entity', v)}
            error={entities.isError ? errorMessage(entities.error) : undefined}
          />
          <MonthField
            label="End month"
            w={{ base: '100%', sm: 180 }}
            value={endMonth ?? result.data?.endMonth ?? defaultEnd}
            onChange={(v) => set('endMonth', v && MONTH.test(v) ? v : null)}
          />
          <Select
            label="Level"
            w={{ base: '100%', sm: 380 }}
            data={levels}
            value={String(level)}
            allowDeselect={false}
            onChange={(v) => set('level', v)}
          />
        </Group>
        {entityId === null && <Text c="dimmed">Choose an entity to benchmark it.</Text>}
        {result.isPending && entityId !== null && <Skeleton h={240} />}
        {result.isError && <Alert color="red">{errorMessage(result.error)}</Alert>}
        {result.data && <BenchmarkResultView r={result.data} />}
      </Stack>
    </>
  );
}
