import type { Db } from '@verdant/db/client';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Mailer } from '../lib/mail';
import type { Storage } from '../lib/storage';

/** What every job handler may use. */
export interface JobContext {
  db: Db;
  clock: () => Date;
  storage?: Storage;
  /** The product's mailer (emailed reports). */
  mailer?: Mailer;
  /** The product's public address, for links in mail. */
  publicUrl?: string;
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
}

export const defineJob = <T extends object>(definition: JobDefinition<T>) => definition;

/** How services ask for a job; the API passes the running job runner, tests a stand-in. */
export interface JobQueue {
  send(name: string, data?: object): Promise<void>;
}

/** A queue that drops what it is given: the scheduled runs catch up (used where no runner is started). */
export const noJobQueue: JobQueue = { send: async () => {} };
