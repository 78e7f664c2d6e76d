import { ANY, type LibraryParams, type LibrarySearch } from '@verdant/contracts/data-library';
import type { Db } from '@verdant/db/client';
import { DATA_LIBRARY_MAX_FILES, DATA_LIBRARY_MIN_FILTERS } from '@verdant/domain/constants';
import { LIB } from '@verdant/domain/library-messages';
import type { Config } from '../../config';
import { createDirectLinks, fileUrl } from '../../lib/direct-links';
import { badRequest } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { type LibraryFilters, searchFiles } from './data-library.queries';

const open = <T>(value: T | typeof ANY): T | null => (value === ANY ? null : value);

/** The five filters, each null when left open; the account number 'any' (any case) is left open too. */
export function filtersOf(p: LibraryParams): LibraryFilters {
  const account = p.account.trim();
  return {
    retailerId: open(p.retailer),
    organisationId: open(p.org),
    account: account.toLowerCase() === ANY ? null : account,
    year: open(p.year),
    month: open(p.month),
  };
}

/**
 * The Data Library (data-portal.md 5 and 9; docs/decisions/data-library.md): an organisation's administrators
 * search its stored invoice files, product administrators every organisation's. Three of the five filters
 * must be chosen, so no search lists a whole store.
 */
export function createDataLibraryService({
  db,
  config,
  clock,
}: {
  db: Db;
  config: Config;
  clock: () => Date;
}) {
  const links = createDirectLinks({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET });

  return {
    async search(_caller: Caller, params: LibraryParams): Promise<LibrarySearch> {
      const filters = filtersOf(params);
      const chosen = Object.values(filters).filter((v) => v !== null).length;
      if (chosen < DATA_LIBRARY_MIN_FILTERS) throw badRequest(LIB.libraryFilters);
      const rows = await searchFiles(db, filters, DATA_LIBRARY_MAX_FILES + 1);
      const now = clock();
      return {
        more: rows.length > DATA_LIBRARY_MAX_FILES,
        files: rows.slice(0, DATA_LIBRARY_MAX_FILES).map((r) => {
          const month = r.filedOn.slice(0, 7).replace('-', '');
          const account = r.accounts?.[0] ?? 'no-account';
          return {
            id: r.id,
            key: [
              r.retailerId ?? 'no-retailer',
              r.organisationId,
              account,
              month.slice(0, 4),
              month.slice(4),
              r.filename,
            ].join('/'),
            type: r.contentType === 'application/pdf' ? 'pdf' : 'other',
            month,
            filename: r.filename,
            sizeBytes: Number(r.sizeBytes),
            uploaded: r.uploaded,
            original: r.original,
            retailer: r.retailerId === null ? null : { id: r.retailerId, name: r.retailerName ?? '' },
            organisation: { id: r.organisationId, name: r.organisationName },
            accounts: r.accounts ?? [],
            meters: r.meters ?? [],
            invoice: {
              id: r.invoiceId,
              invoiceNumber: r.invoiceNumber,
              dateFrom: r.dateFrom,
              dateTill: r.dateTill,
              meterId: r.meterId,
            },
            url: fileUrl(links, r.id, now),
          };
        }),
      };
    },
  };
}
export type DataLibraryService = ReturnType<typeof createDataLibraryService>;
