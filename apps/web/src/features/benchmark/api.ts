import { benchmarkOperations as ops } from '@verdant/contracts/benchmark';
import { entitiesOperations } from '@verdant/contracts/entities';
import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { useOperation } from '../../lib/operations';
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
