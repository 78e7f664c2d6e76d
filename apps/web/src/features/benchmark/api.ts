import { useMutation, useQueryClient } from '@tanstack/react-query';
import { benchmarkOperations as ops } from '@verdant/contracts/benchmark';
import type { benchmarkMapping, DegreeDayLoad, NewBenchmarkSet } from '@verdant/contracts/benchmark/library';
import { entitiesOperations } from '@verdant/contracts/entities';
import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import type { z } from 'zod';
import { call, invalidate, useOperation } from '../../lib/operations';

export type BenchmarkMapping = z.input<typeof benchmarkMapping>;

import { useOrganisationId } from '../../lib/session-store';

/**
 * The benchmark of an entity at a level over the 12 months to an end month (yyyy-MM; null: the default, two
 * months ago in the organisation's zone); no entity: not asked yet.
 */
export function useBenchmark(entityId: number | null, level: number, endMonth: string | null) {
  return useOperation(
    ops.benchmark,
    entityId === null ? null : { params: { entityId, level }, query: endMonth === null ? {} : { endMonth } },
  );
}

/** The commissioning table of a year (null: the last whole year). */
export function useCommissioning(year: number | null) {
  return useOperation(ops.commissioning, { query: year === null ? {} : { year } });
}

/** The benchmark library (names the sets on the level selector). */
export function useBenchmarkSets() {
  return useOperation(ops.sets, {});
}

/** The organisation's open entities, to choose one from. */
export function useEntityChoices() {
  const orgId = useOrganisationId();
  return useOperation(
    entitiesOperations.list,
    orgId === null ? null : { params: { id: orgId }, query: { limit: LIST_PAGE_SIZE } },
  );
}

/** Library writes refresh the benchmark's reads (sets, mappings, degree days, results). */
function useLibraryWrite<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidate(client, ops) });
}

export const useLoadSet = () => useLibraryWrite((body: NewBenchmarkSet) => call(ops.loadSet, { body }));
export const useSaveMappings = () =>
  useLibraryWrite(({ series, mappings }: { series: string; mappings: BenchmarkMapping[] }) =>
    call(ops.saveMappings, { params: { series }, body: { mappings } }),
  );
export const useDegreeDays = (organisationId: number | null) =>
  useOperation(ops.degreeDays, organisationId === null ? null : { params: { id: organisationId } });
export const useLoadDegreeDays = () =>
  useLibraryWrite(({ id, body }: { id: number; body: DegreeDayLoad }) =>
    call(ops.loadDegreeDays, { params: { id }, body }),
  );
