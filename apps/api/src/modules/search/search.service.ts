import type { SearchResult } from '@verdant/contracts/search';
import type { Db } from '@verdant/db/client';
import { forbidden } from '../../lib/errors';
import { type AssetRef, allowedOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './search.queries';

const LIMIT = 50;

export function createSearchService({ db }: { db: Db }) {
  return {
    /** Assets the caller may see, by name; the rights engine answers for the whole page in one query. */
    async search(a: Caller, type: AssetRef['type'], text: string): Promise<SearchResult[]> {
      const organisationId = a.checked.organisationId;
      if (organisationId === null) throw forbidden();
      // Over-fetch so that hidden assets do not leave a short page.
      const candidates = await q.findAssets(db, organisationId, type, text, LIMIT * 2);
      const visible = await allowedOf(db, a.principal, 'view', organisationId, candidates);
      return visible.slice(0, LIMIT);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
