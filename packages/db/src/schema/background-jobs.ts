import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations, users } from './core';

/**
 * The jobs centre's record of every background job of every kind (docs/decisions/job-runner.md, One jobs
 * centre): who asked, for which organisation, with what parameters, its status as the spec names them, its
 * progress, log, result and refused rows. pg-boss runs the job; this row is what people see of it.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: serial('id').primaryKey(),
    /** pg-boss's id of the run (null while the job is set up and not yet sent). */
    bossId: uuid('boss_id'),
    /** The queue (the job definition's name) and the kind of work people know it as. */
    queue: text('queue').notNull(),
    kind: text('kind').notNull(),
    /** 1 Immediate, 2 Overnight (data-portal.md 4). */
    type: integer('type').notNull().default(1),
    /** setup, pending, running, paused, crashed, finished, cancelled. */
    status: text('status').notNull().default('pending'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    parameters: jsonb('parameters').notNull().default({}),
    title: text('title').notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    /** When progress last moved: the page says "no progress for 60 s" rather than freezing its bar. */
    progressAt: timestamp('progress_at', { withTimezone: true }),
    log: jsonb('log').$type<{ timestamp: string; message: string }[]>().notNull().default([]),
    result: jsonb('result'),
    /** A storage key of a file to download (an export, a report, an error report). */
    resultFile: text('result_file'),
    refused: jsonb('refused').$type<{ line: number; reason: string }[]>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** Set when someone asked to cancel; a running handler stops at its next safe point. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    runAfter: timestamp('run_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('background_jobs_created_idx').on(t.createdAt),
    index('background_jobs_organisation_idx').on(t.organisationId),
    index('background_jobs_boss_idx').on(t.bossId),
    check(
      'background_jobs_status_check',
      sql`${t.status} in ('setup', 'pending', 'running', 'paused', 'crashed', 'finished', 'cancelled')`,
    ),
    check('background_jobs_type_check', sql`${t.type} in (1, 2)`),
  ],
);

/** Each process that works the queues, with its last heartbeat (every 10 s while it runs). */
export const jobWorkers = pgTable('job_workers', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  /** The job it is running now, if any. */
  runningJobId: integer('running_job_id'),
});
