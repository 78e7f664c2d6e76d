import { benchmarkOperations as ops } from '@verdant/contracts/benchmark';
import { useOperation } from '../../lib/operations';

/** The benchmark of an entity at a level over the 12 months to an end month (yyyy-MM); null: not chosen yet. */
export function useBenchmark(entityId: number | null, level: number, endMonth: string | null) {
  return useOperation(
    ops.benchmark,
    entityId === null || endMonth === null ? null : { params: { entityId, level }, query: { endMonth } },
  );
}

/** The commissioning table of a year; null: no valid year entered. */
export function useCommissioning(year: number | null) {
  return useOperation(ops.commissioning, year === null ? null : { query: { year } });
}

/** The benchmark library (to name the sets on the level selector). */
export function useBenchmarkSets() {
  return useOperation(ops.sets, {});
}
