import type { Db } from '@verdant/db/client';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { DirectLinks } from '../lib/direct-links';
import type { Mailer } from '../lib/mail';
import type { Storage } from '../lib/storage';
import type { ImapSettings } from '../modules/email-processing/imap-poll';

/** What every job handler may use. */
export interface JobContext {
  db: Db;
  clock: () => Date;
  storage?: Storage;
  /** The product's mailer (emailed reports). */
  mailer?: Mailer;
  /** The product's public address, for links in mail. */
  publicUrl?: string;
  /** Signed links (an emailed report too large to attach). */
  links?: DirectLinks;
  /** Emailed reports above this many bytes go by link (REPORT_LINK_BYTES). */
  reportLinkBytes?: number;
  /** Meters of one organisation from which a recompute keeps a row (RECOMPUTE_FOLLOW_METERS). */
  recomputeFollowAt?: number;
  /** The intake mailbox polled for invoices (MAIL_IMAP_*), when configured. */
  imap?: ImapSettings | null;
  log: (message: string) => void;
  /** True once the runner is stopping: a long handler ends at its next safe point (between transactions). */
  stopping: () => boolean;
  /** Sends another job (a sweep that hands work back to its queue). */
  send: (name: string, data?: object) => Promise<void>;
}

/**
 * One kind of background job: its queue name, the schema its payload must match (a payload that does not
 * is cancelled at once, never retried), its handler and its queue options (retries, expiry, policy). A job
 * runs at least once: a handler that throws, or whose worker dies, is retried, so every handler does its
 * work in transactions that commit whole or not at all.
 */
export interface JobDefinition<T extends object = object> {
  name: string;
  schema: z.ZodType<T>;
  handler: (data: T, ctx: JobContext) => Promise<unknown>;
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  /**
   * How its runs show in the jobs centre when they do not make their own row (docs/decisions/job-runner.md, Job
   * kinds in the jobs centre): the runner keeps a row per run from this. A job whose payload is its row
   * (`{ jobId }`) keeps its row itself and leaves this out.
   */
  record?: JobKind<T>;
}

/** A run as the jobs centre shows it: its kind, title, who asked and for which organisation. */
export interface JobRunDescription {
  kind: string;
  title: string;
  ownerId: number | null;
  organisationId: number | null;
  parameters?: Record<string, unknown>;
}

/** What a run's answer says for the jobs centre. */
export interface JobRunOutcome {
  /** The run ended without doing its work (a load that failed): Crashed with this, not retried. */
  error?: string;
  /** What to show as its result. */
  result?: unknown;
  /** A stored file to offer for download (a storage key and the name it is saved under). */
  file?: { key: string; filename: string } | null;
  /** Refused rows, with their lines and reasons. */
  refused?: { line: number; reason: string }[];
  message?: string;
}

export interface JobKind<T> {
  /** The run, described from its payload when it starts. */
  describe: (data: T, db: Db) => Promise<JobRunDescription>;
  /** What its answer means (left out: the answer is the result). */
  outcome?: (output: unknown, data: T, db: Db) => Promise<JobRunOutcome>;
  /** Whether to keep the row of a run that finished (a scheduled sweep that found nothing is not kept). */
  keep?: (output: unknown) => boolean;
}

export const defineJob = <T extends object>(definition: JobDefinition<T>) => definition;

/** How services ask for a job; the API passes the running job runner, tests a stand-in. */
export interface JobQueue {
  /** `startAfter`: not before then (an Overnight job's night window; pg-boss's startAfter). */
  send(name: string, data?: object, options?: { startAfter?: Date }): Promise<void>;
}

/** A queue that drops what it is given: the scheduled runs catch up (used where no runner is started). */
export const noJobQueue: JobQueue = { send: async () => {} };
