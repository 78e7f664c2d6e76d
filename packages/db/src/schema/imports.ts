import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations, users } from './core';

/**
 * Data loads (docs/decisions/imports.md): one row per uploaded file and the job that imports it
 * (`POST /jobs/meter-load`). The file itself lives in the storage interface under `storage_key`; the counts
 * and the error are what the /loading page shows; `report_key` names the CSV of refused rows.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the bytes: a file imported whole once is not imported again. */
    sha256: text('sha256').notNull(),
    /** The format asked for at upload (null: detect it), then the one the job read the file as. */
    format: text('format'),
    /** The CSV column mapping the upload dialog sent, for CSV readings. */
    mapping: jsonb('mapping'),
    /**
     * pending, running, finished or failed; retrying when its worker stopped beating mid-run (killed) and the load
     * was sent again (docs/decisions/security.md, "A killed load is retried within minutes").
     */
    status: text('status').notNull().default('pending'),
    /** Written every few seconds by the worker running the load, outside the load's transaction. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** How many times a worker took the load (a killed run is taken again, up to a limit). */
    attempts: integer('attempts').notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    linesRead: integer('lines_read').notNull().default(0),
    /** Interval readings (or period rows) accepted. */
    readings: integer('readings').notNull().default(0),
    /** Half-hour days written (meter, register and day). */
    days: integer('days').notNull().default(0),
    meters: integer('meters').notNull().default(0),
    /** Invoices and consumption records created. */
    records: integer('records').notNull().default(0),
    /** Rows already stored exactly so (an invoice or record imported before), skipped. */
    skipped: integer('skipped').notNull().default(0),
    refusedRows: integer('refused_rows').notNull().default(0),
    error: text('error'),
    /** What the load left out on purpose and names (a NEM12 voltage stream, generation reads), one per entry. */
    notes: text('notes').array(),
    /** A refused load's unknown data sources and reasons with their rows (contracts/imports.ts, refusalSummary). */
    refusals: jsonb('refusals'),
    reportKey: text('report_key'),
    /**
     * What a finished load stored or found stored (docs/decisions/imports.md, Idempotency): per data source the span
     * and count of its half-hour days, and the periods of its invoices and records. The same bytes again are
     * 'already imported' only while all of it is still there.
     */
    produced: jsonb('produced'),
    /** The earlier job that imported the same bytes, when this one found it had nothing to do. */
    duplicateOf: uuid('duplicate_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_organisation_idx').on(t.organisationId, t.createdAt),
    index('import_jobs_sha256_idx').on(t.organisationId, t.sha256),
    check(
      'import_jobs_status_check',
      sql`${t.status} in ('pending', 'running', 'retrying', 'finished', 'failed')`,
    ),
  ],
);

/**
 * The CSV column mappings an organisation used, by the file's header row (normalised), so that the upload
 * dialog offers the same mapping for the next file of the same layout.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    headerKey: text('header_key').notNull(),
    mapping: jsonb('mapping').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.headerKey] })],
);
