import type { BrowseAnswer, SearchResult } from '@verdant/contracts/search';
import type { Db } from '@verdant/db/client';
import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { orgOf } from '../../lib/organisation-context';
import { type AssetRef, allowedOf, hasAdvancedRights } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './search.queries';

const LIMIT = 50;

export function createSearchService({ db }: { db: Db }) {
  return {
    /** Assets the caller may see, by name; the rights engine answers for the whole page in one query. */
    async search(a: Caller, type: AssetRef['type'], text: string): Promise<SearchResult[]> {
      const organisationId = orgOf(a).id;
      // Over-fetch so that hidden assets do not leave a short page.
      const candidates = await q.findAssets(db, organisationId, type, text, LIMIT * 2);
      const visible = await allowedOf(db, a.principal, 'view', organisationId, candidates);
      return visible.slice(0, LIMIT);
    },

    /** The organisation's assets of one type the caller may see, by name, a page at a time. */
    async browse(a: Caller, type: AssetRef['type'], offset: number, openOnly = false): Promise<BrowseAnswer> {
      const organisationId = orgOf(a).id;
      const all = await q.browseAssets(db, organisationId, type, openOnly);
      // Only advanced rights can hide some of the organisation's assets from a member who may enter it.
      const narrowed =
        !a.principal.productAdmin &&
        a.checked.role?.admin !== true &&
        (await hasAdvancedRights(db, a.principal, organisationId));
      const visible = narrowed ? await allowedOf(db, a.principal, 'view', organisationId, all) : all;
      return { results: visible.slice(offset, offset + LIST_PAGE_SIZE), total: visible.length, offset };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
