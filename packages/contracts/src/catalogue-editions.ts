import { EDITION_LAYOUTS } from '@verdant/domain/editions/edition-rows';
import { z } from 'zod';
import {
  calendarDate,
  decimalParam,
  idNumber,
  idParam,
  int4,
  int4Param,
  nameText,
  okResponse,
  text,
} from './common';
import { defineOperations } from './operations';

/**
 * Editions loaded from the publishers' files (docs/decisions/catalogue.md, Editions loaded from files): an
 * administrator loads a file as a draft edition of the default set, reads what changed against the previous
 * edition, and publishes it (a proposed restatement, catalogue-restatements.ts). Publishers' rows map to data
 * types through saved mappings.
 */

export const GWP_SETS = ['AR4', 'AR5', 'AR6'] as const;
export const EDITION_STATUSES = ['draft', 'published', 'superseded', 'withdrawn'] as const;

export const editionSummary = z.object({
  id: z.number(),
  name: text(),
  publisher: text(),
  status: z.enum(EDITION_STATUSES),
  published: text().nullable(),
  coversFrom: z.number().nullable(),
  coversTill: z.number().nullable(),
  sourceTitle: text().nullable(),
  sourceUrl: text().nullable(),
  sourceSha256: text().nullable(),
  gwpSet: z.enum(GWP_SETS),
  changelog: text().nullable(),
  supersedesId: z.number().nullable(),
  layout: text().nullable(),
  factorCount: z.number(),
  createdAt: text(),
  publishedAt: text().nullable(),
});
export type EditionSummary = z.infer<typeof editionSummary>;

const period = z.object({ from: text(), till: text().nullable(), rate: z.number() });

export const editionDiffEntry = z.object({
  kind: z.enum(['added', 'removed', 'changed']),
  dataTypeId: z.number(),
  dataTypeName: text(),
  scope: z.number(),
  basis: text().nullable(),
  before: period.nullable(),
  after: period.nullable(),
  /** (after - before) / before in percent; null when added, removed or the old rate is 0. */
  percent: z.number().nullable(),
});
export type EditionDiffEntry = z.infer<typeof editionDiffEntry>;

/** A row of the file no mapping names: its key is what a mapping saves. */
export const unmappedRow = z.object({ line: z.number(), key: text(), label: text(), unit: text() });

export const editionDetail = editionSummary.extend({
  /** Rows of the file left out, with why (no value printed, a measure that is not kg CO2e, no mapping). */
  skipped: z.array(z.object({ line: z.number(), reason: text() })),
  unmapped: z.array(unmappedRow),
  diff: z.object({
    previous: z.object({ id: z.number(), name: text() }).nullable(),
    threshold: z.number(),
    counts: z.object({ added: z.number(), removed: z.number(), changed: z.number(), unchanged: z.number() }),
    entries: z.array(editionDiffEntry),
  }),
});
export type EditionDetail = z.infer<typeof editionDetail>;

const optionalText = (max: number) => text().trim().max(max).optional();
const yearParam = () => int4Param({ min: 1900, max: 2200 });

/** The upload's description, in the query string (the body is the file's raw bytes, its name in x-filename). */
export const editionLoadQuery = z.object({
  layout: z.enum(EDITION_LAYOUTS),
  name: nameText().trim().min(1, 'Name the edition').max(100),
  /** The documented layout names its publisher in the file; the others need it here. */
  publisher: optionalText(100),
  /** The publisher's date: among editions of one publisher covering a day, the latest published wins. */
  published: calendarDate(),
  coversFrom: yearParam().optional(),
  coversTill: yearParam().optional(),
  gwpSet: z.enum(GWP_SETS).default('AR5'),
  sourceTitle: optionalText(300),
  sourceUrl: optionalText(1000),
  changelog: optionalText(4000),
  /** The published edition this one corrects. */
  supersedes: idNumber().optional(),
});
export type EditionLoadQuery = z.input<typeof editionLoadQuery>;

export const editionDiffQuery = z.object({
  /** A changed factor is listed when its rate moved by more than this percentage. */
  threshold: decimalParam({ min: 0, max: 1000 }).default(0),
});

export const factorMapping = z.object({
  id: z.number(),
  layout: z.enum(EDITION_LAYOUTS),
  key: text(),
  dataTypeId: z.number(),
  dataTypeName: text(),
  scope: z.number(),
  basis: z.enum(['location', 'residual-mix']).nullable(),
  unitId: z.number(),
  unitName: text(),
});
export type FactorMapping = z.infer<typeof factorMapping>;

export const factorMappingInput = z.object({
  layout: z.enum(EDITION_LAYOUTS),
  key: text().trim().min(1).max(1000),
  dataTypeId: int4().positive(),
  scope: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  basis: z.enum(['location', 'residual-mix']).nullable().default(null),
  unitId: int4().positive(),
});
export type FactorMappingInput = z.input<typeof factorMappingInput>;

const admin = 'product-administrator' as const;

export const catalogueEditionsOperations = defineOperations('catalogue', {
  editions: {
    method: 'GET',
    path: '/admin/emission-factor-editions',
    summary: 'Every edition of the default factor set, newest first',
    access: admin,
    answer: z.array(editionSummary),
  },
  loadEdition: {
    method: 'POST',
    path: '/admin/emission-factor-editions',
    summary:
      "Load a publisher's file as a draft edition (documented CSV/XLSX, DESNZ flat file, MfE long CSV)",
    description:
      "The file's raw bytes; its name, URI-encoded, in the x-filename header. A file with a missing column, a " +
      'duplicate row, a negative factor or more than 20,000 rows is refused whole, naming its rows.',
    access: admin,
    query: editionLoadQuery,
    bodyType: 'bytes',
    answer: z.object({ success: z.literal(true), message: text(), data: editionDetail }),
  },
  edition: {
    method: 'GET',
    path: '/admin/emission-factor-editions/:id',
    summary: 'An edition with what changed against the previous edition of its publisher',
    access: admin,
    params: idParam,
    query: editionDiffQuery,
    answer: editionDetail,
  },
  deleteEdition: {
    method: 'DELETE',
    path: '/admin/emission-factor-editions/:id',
    summary: 'Discard a draft edition (a published one is never deleted)',
    access: admin,
    params: idParam,
    answer: okResponse,
  },
  factorMappings: {
    method: 'GET',
    path: '/admin/factor-mappings',
    summary: "The saved mappings of publishers' rows to data types, scopes and units",
    access: admin,
    answer: z.array(factorMapping),
  },
  saveFactorMapping: {
    method: 'POST',
    path: '/admin/factor-mappings',
    summary: "Map a publisher's row (its labels and unit) to a data type, scope and unit",
    access: admin,
    body: factorMappingInput,
    answer: factorMapping,
  },
  deleteFactorMapping: {
    method: 'DELETE',
    path: '/admin/factor-mappings/:id',
    summary: 'Remove a saved mapping',
    access: admin,
    params: idParam,
    answer: okResponse,
  },
});
