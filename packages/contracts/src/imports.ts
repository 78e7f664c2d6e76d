import type { ImportFormat } from '@verdant/domain/imports/types';
import { z } from 'zod';
import { editor } from './access';
import { int4, okResponse, text } from './common';
import { defineOperations } from './operations';

/** The formats a data load reads (the upload dialog offers them; absent, the job detects the format). */
export const IMPORT_FORMATS = [
  'csv-readings',
  'nem12',
  'eiep3',
  'eiep13a',
  'green-button',
  'csv-invoices',
  'csv-consumption',
  'portfolio-manager',
] as const satisfies readonly ImportFormat[];
export const importFormat = z.enum(IMPORT_FORMATS);

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  'csv-readings': 'CSV readings',
  nem12: 'NEM12',
  eiep3: 'EIEP3',
  eiep13a: 'EIEP13A',
  'green-button': 'Green Button',
  'csv-invoices': 'Invoice CSV',
  'csv-consumption': 'Consumption CSV',
  'portfolio-manager': 'Portfolio Manager Meter Entries',
};

const column = text().trim().max(200);

/** How a CSV of readings maps onto readings (domain/imports/csv-mapping.ts); see ReadingsMapping. */
export const readingsMapping = z.object({
  meter: column.min(1, 'Choose the column that names the data source.'),
  timestamp: column.nullable().default(null),
  date: column.nullable().default(null),
  period: column.nullable().default(null),
  value: column.min(1, 'Choose the column of the readings.'),
  register: column.nullable().default(null),
  quality: column.nullable().default(null),
  direction: column.nullable().default(null),
  valueUnit: z.enum(['kWh', 'Wh', 'MWh', 'meter']).default('kWh'),
  intervalMinutes: z.union([z.literal(5), z.literal(15), z.literal(30), z.literal(60)]).default(30),
  timestampMarks: z.enum(['start', 'end']).default('start'),
  dayFirst: z.boolean().default(true),
});
export type ReadingsMappingInput = z.input<typeof readingsMapping>;

/**
 * A mapping as the preview offers it: a column it could not guess is left empty (and a header of any length is
 * offered as the file writes it) for the user to choose; the upload then checks it with `readingsMapping`.
 */
export const readingsMappingDraft = readingsMapping.extend({
  meter: text(),
  timestamp: text().nullable(),
  date: text().nullable(),
  period: text().nullable(),
  value: text(),
  register: text().nullable(),
  quality: text().nullable(),
  direction: text().nullable(),
});

/** The upload's options, in the query string (the body is the file's raw bytes). */
export const meterLoadQuery = z.object({
  format: importFormat.optional(),
  /** The column mapping of a CSV of readings, as JSON. */
  mapping: text().max(4000).optional(),
});

export const meterLoadAnswer = okResponse.extend({ data: z.object({ uuid: text() }) });

/** 'retrying': its worker stopped mid-run and the load was sent again (docs/decisions/security.md). */
export const IMPORT_STATUSES = ['pending', 'running', 'retrying', 'finished', 'failed'] as const;
export const IMPORT_STATUS_LABELS: Record<(typeof IMPORT_STATUSES)[number], string> = {
  pending: 'Pending',
  running: 'Running',
  retrying: 'Retrying',
  finished: 'Finished',
  failed: 'Failed',
};

/**
 * What a refused load keeps besides its error report: every data source the file names that the organisation does
 * not have, once, with the rows naming it (and how the file describes it, and the identifier label a data source
 * mapped to it remembers it under); and the other reasons, each with its rows and the first of them.
 */
export const refusalSummary = z.object({
  unknownMeters: z.array(
    z.object({
      key: text(),
      context: text().nullable(),
      label: text(),
      rows: int4(),
      /** The data source that answers to the key now (mapped or created since), if one does. */
      meterId: int4().nullable().optional(),
      meterName: text().nullable().optional(),
    }),
  ),
  reasons: z.array(z.object({ reason: text(), rows: int4(), firstLine: int4() })),
});
export type RefusalSummary = z.infer<typeof refusalSummary>;

export const importJob = z.object({
  uuid: text(),
  filename: text(),
  format: importFormat.nullable(),
  status: z.enum(IMPORT_STATUSES),
  sizeBytes: int4(),
  /** 0 to 100: the share of the file read so far. */
  progress: int4(),
  linesRead: int4(),
  readings: int4(),
  days: int4(),
  meters: int4(),
  records: int4(),
  skipped: int4(),
  refusedRows: int4(),
  error: text().nullable(),
  /** What the load left out on purpose (a stream that is not energy, generation reads), one line each. */
  notes: z.array(text()),
  /** Whether an error report (the refused rows, as CSV) can be downloaded. */
  hasReport: z.boolean(),
  /** A refused load's unknown data sources and reasons, with their rows; null otherwise. */
  refusals: refusalSummary.nullable(),
  uploadedBy: text().nullable(),
  createdAt: text(),
  finishedAt: text().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

export const importJobAnswer = okResponse.extend({ data: importJob });
export const loadingJobs = z.object({ jobs: z.array(importJob) });
export type LoadingJobs = z.infer<typeof loadingJobs>;

export const importJobParams = z.object({ uuid: text().max(64) });

/** What the upload dialog learns from the file's first bytes before the upload. */
export const meterLoadPreview = z.object({
  /** The format the file looks like, or null when the dialog must ask. */
  format: importFormat.nullable(),
  /** A CSV's header row and first rows (empty for the other formats). */
  headers: z.array(text()),
  rows: z.array(z.array(text())),
  /**
   * The mapping this organisation used for these headers, else one guessed from their names (a column it cannot
   * guess left empty for the user to choose).
   */
  mapping: readingsMappingDraft.nullable(),
  remembered: z.boolean(),
});
export type MeterLoadPreview = z.infer<typeof meterLoadPreview>;

/** Maps a data source the file names to one of the organisation's (remembered on it as an identifier). */
export const mapUnknownMeterRequest = z.object({
  key: text().trim().min(1).max(200),
  meterId: int4().positive(),
});
export const mapUnknownMeterAnswer = okResponse.extend({ message: text(), data: importJob });

/** A refused load read again from the same stored file, as a new load. */
export const rerunAnswer = okResponse.extend({ data: z.object({ uuid: text() }) });

/** The organisation's editors load data (observers cannot change it, so they have no use for the loads). */
const editors = editor();

/** Data loads (data-portal.md 7, jobs): the upload, its preview and status, the /loading list, the error report. */
export const importsOperations = defineOperations('imports', {
  upload: {
    method: 'POST',
    path: '/jobs/meter-load',
    summary: 'Upload a data file to load (CSV readings, NEM12, EIEP3, EIEP13A, Green Button, invoices)',
    description: "The file's raw bytes; its name, URI-encoded, in the x-filename header.",
    access: editors,
    query: meterLoadQuery,
    bodyType: 'bytes',
    answer: meterLoadAnswer,
  },
  preview: {
    method: 'POST',
    path: '/jobs/meter-load/preview',
    summary: "What the upload dialog shows from a file's first bytes: its format, first rows, the mapping",
    description: "The file's first 64 kB as raw bytes (an XLSX workbook of up to 5 MB whole).",
    access: editors,
    bodyType: 'bytes',
    answer: meterLoadPreview,
  },
  status: {
    method: 'GET',
    path: '/jobs/:uuid/status',
    summary: "A data load's status, counts and error",
    access: editors,
    params: importJobParams,
    answer: importJobAnswer,
  },
  errorReport: {
    method: 'GET',
    path: '/jobs/:uuid/error-report',
    summary: 'The rows a data load refused, with their lines and reasons (CSV)',
    access: editors,
    params: importJobParams,
    answer: 'file',
  },
  list: {
    method: 'GET',
    path: '/loading/jobs',
    summary: "The organisation's data loads, newest first",
    access: editors,
    answer: loadingJobs,
  },
  mapUnknownMeter: {
    method: 'POST',
    path: '/jobs/:uuid/unknown-meters',
    summary: "Maps a data source a refused load's file names to one of the organisation's",
    access: editors,
    params: importJobParams,
    body: mapUnknownMeterRequest,
    answer: mapUnknownMeterAnswer,
  },
  rerun: {
    method: 'POST',
    path: '/jobs/:uuid/rerun',
    summary: "Loads a refused load's stored file again, as a new load",
    access: editors,
    params: importJobParams,
    answer: rerunAnswer,
  },
});
