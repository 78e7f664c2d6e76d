import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageOffset } from './paging';

/**
 * A table's rows, a page at a time ('Show Next 100'): `load` fetches the page starting at an offset from
 * answers carrying `total` and their rows under `rows`. The previous rows stay on screen while new filters load.
 */
export function usePagedList<
  K extends string,
  P extends { total: number } & { [k in K]: readonly unknown[] },
>(
  queryKey: readonly unknown[],
  rows: K,
  load: (offset: number, signal: AbortSignal) => Promise<P>,
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => load(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset(rows),
    placeholderData: keepPreviousData,
    enabled,
  });
}
