import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { browseAnswer } from '@verdant/contracts/entities';
import type { SearchAssetType } from '@verdant/contracts/search';
import { api } from '../lib/api-client';
import { useOrganisationId } from '../lib/session-store';

/**
 * The organisation's assets of one type the user may see, by name, 100 at a time, without typing; `open`
 * leaves closed sites out (for choosing where something new goes).
 */
export function useAssetBrowse(type: SearchAssetType, enabled = true, { open = false } = {}) {
  const orgId = useOrganisationId();
  return useInfiniteQuery({
    queryKey: ['browse', orgId, type, open],
    queryFn: ({ pageParam, signal }) =>
      api.get(
        `/current-user/browse?${new URLSearchParams({ type, offset: String(pageParam), ...(open ? { open: 'true' } : {}) })}`,
        {
          schema: browseAnswer,
          signal,
        },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.results.length;
      return next < last.total && last.results.length > 0 ? next : undefined;
    },
    placeholderData: keepPreviousData,
    enabled: enabled && orgId !== null,
  });
}
