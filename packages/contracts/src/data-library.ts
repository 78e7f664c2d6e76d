import { DATA_LIBRARY_FIRST_YEAR } from '@verdant/domain/constants';
import { z } from 'zod';
import { administrator } from './access';
import { idNumber, int4, int4Param, text } from './common';
import { defineOperations } from './operations';

/** A path segment that is left open: the word 'any' (Any year, Whole Year, every retailer...). */
export const ANY = 'any';
const anyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(ANY), schema]);

/** The five filters of a Data Library search (data-portal.md 9), each a number, a text or 'any'. */
export const libraryParams = z.object({
  retailer: anyOr(idNumber()),
  org: anyOr(idNumber()),
  account: text().trim().min(1).max(100),
  year: anyOr(int4Param({ min: DATA_LIBRARY_FIRST_YEAR, max: 9999 })),
  month: anyOr(int4Param({ min: 1, max: 12 })),
});
export type LibraryParams = z.infer<typeof libraryParams>;

/**
 * A stored invoice file (data-portal.md 3, Invoice file: id, key, type, month), with what the library shows
 * beside it: where it is filed, the invoice it produced and a link to download it.
 */
export const libraryFile = z.object({
  id: int4(),
  /** Where the library files it: retailer/organisation/account/yyyy/MM/filename. */
  key: text(),
  type: z.enum(['pdf', 'other']),
  /** The month it is filed under (the invoice's date), yyyyMM. */
  month: text(),
  filename: text(),
  sizeBytes: z.number(),
  uploaded: text(),
  /** The invoice's original document, or one of its raw data files. */
  original: z.boolean(),
  retailer: z.object({ id: int4(), name: text() }).nullable(),
  organisation: z.object({ id: int4(), name: text() }),
  accounts: z.array(text()),
  meters: z.array(text()),
  invoice: z.object({
    id: int4(),
    invoiceNumber: text().nullable(),
    dateFrom: text(),
    dateTill: text(),
    /** The data source it opens under (its first, when it covers several). */
    meterId: int4(),
  }),
  /** A direct link that downloads the file. */
  url: text(),
});
export type LibraryFile = z.infer<typeof libraryFile>;

export const librarySearch = z.object({
  files: z.array(libraryFile),
  /** More files matched than are listed (DATA_LIBRARY_MAX_FILES). */
  more: z.boolean(),
});
export type LibrarySearch = z.infer<typeof librarySearch>;

/** The Data Library (data-portal.md 7, `files/invoice-files`): stored invoice files found by five filters. */
export const dataLibraryOperations = defineOperations('data-library', {
  search: {
    method: 'GET',
    path: '/files/invoice-files/:retailer/:org/:account/:year/:month',
    summary:
      "Stored invoice files by retailer, organisation, account number, year and month ('any' leaves one open; at least three are chosen)",
    access: administrator('params.org', { anyOrganisation: 'product-administrator' }),
    params: libraryParams,
    answer: librarySearch,
  },
});
