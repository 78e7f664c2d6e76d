import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type SearchAssetType, searchOperations } from '@verdant/contracts/search';
import { call, keyOf } from '../lib/operations';
import { useOrganisationId } from '../lib/session-store';

/**
 * The organisation's assets of one type the user may see, by name, 100 at a time, without typing; `open`
 * leaves closed sites out (for choosing where something new goes).
 */
export function useAssetBrowse(type: SearchAssetType, enabled = true, { open = false } = {}) {
  const orgId = useOrganisationId();
  const query = { type, ...(open ? { open: 'true' as const } : {}) };
  return useInfiniteQuery({
    queryKey: keyOf(searchOperations.browse, { query }, orgId),
    queryFn: ({ pageParam, signal }) =>
      call(searchOperations.browse, { query: { ...query, offset: pageParam } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.results.length;
      return next < last.total && last.results.length > 0 ? next : undefined;
    },
    placeholderData: keepPreviousData,
    enabled: enabled && orgId !== null,
  });
}
