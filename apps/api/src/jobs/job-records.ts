import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import { AppError } from '../lib/errors';

/**
 * The jobs centre's row of a run (docs/decisions/job-runner.md, One jobs centre): pg-boss runs the job, this row
 * is what people see of it. A handler starts it, reports progress and log lines, and finishes or crashes it;
 * each write commits on its own (never inside the job's own transaction) so the page sees it at once.
 */

/** The queue of the jobs centre's Emission Factor Update: it applies one confirmed restatement. */
export const RESTATEMENT_JOB = 'catalogue.restatement';

export interface NewJobRecord {
  queue: string;
  kind: string;
  title: string;
  ownerId: number | null;
  organisationId: number | null;
  parameters: Record<string, unknown>;
  /** 1 Immediate (the default), 2 Overnight. */
  type?: 1 | 2;
  /** An Overnight job's start, shown while it waits (docs/decisions/job-runner.md, Overnight jobs). */
  runAfter?: Date | null;
}

export async function createJobRecord(db: DbOrTx, job: NewJobRecord) {
  const rows = await db.execute<{ id: number }>(sql`
    insert into background_jobs (queue, kind, type, status, owner_id, organisation_id, parameters, title, run_after)
    values (${job.queue}, ${job.kind}, ${job.type ?? 1}, 'pending', ${job.ownerId}, ${job.organisationId},
      ${JSON.stringify(job.parameters)}::jsonb, ${job.title}, ${job.runAfter?.toISOString() ?? null}::timestamptz)
    returning id`);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error('job record not created');
  return id;
}

export type StartedJob = {
  id: number;
  owner_id: number | null;
  organisation_id: number | null;
  parameters: Record<string, unknown>;
};

/**
 * Marks the run started (a retry after a dead worker starts it again); answers null when it was cancelled or
 * already finished, and the handler then does nothing.
 */
export async function startJobRecord(db: DbOrTx, id: number): Promise<StartedJob | null> {
  const rows = await db.execute<StartedJob>(sql`
    update background_jobs set status = 'running', attempts = attempts + 1, started_at = now(),
      progress_at = now(), error = null, finished_at = null,
      log = log || jsonb_build_array(jsonb_build_object('timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'message',
        case when attempts = 0 then 'Started' else 'Started again (attempt ' || (attempts + 1) || ')' end))
    where id = ${id} and status not in ('cancelled', 'finished') and not cancel_requested
    returning id, owner_id, organisation_id, parameters`);
  return rows.rows[0] ?? null;
}

export async function jobProgress(db: DbOrTx, id: number, done: number, total: number | null) {
  await db.execute(sql`update background_jobs set progress_done = ${done}, progress_total = ${total},
    progress_at = now() where id = ${id}`);
}

export async function jobLog(db: DbOrTx, id: number, message: string) {
  await db.execute(sql`update background_jobs set
    log = log || jsonb_build_array(jsonb_build_object('timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'message', ${message}::text))
    where id = ${id}`);
}

export async function finishJobRecord(db: DbOrTx, id: number, result: unknown, message = 'Finished') {
  await db.execute(sql`update background_jobs set status = 'finished', finished_at = now(),
    result = ${JSON.stringify(result ?? null)}::jsonb, progress_at = now(),
    log = log || jsonb_build_array(jsonb_build_object('timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'message', ${message}::text))
    where id = ${id}`);
}

/** A run that failed: retried by the runner when `retried`, else it stays Crashed until someone retries it. */
export async function crashJobRecord(db: DbOrTx, id: number, error: string, retried: boolean) {
  const note = retried ? `${error} (it is retried)` : error;
  await db.execute(sql`update background_jobs set status = 'crashed', error = ${error},
    finished_at = ${retried ? null : sql`now()`},
    log = log || jsonb_build_array(jsonb_build_object('timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'message', ${note}::text))
    where id = ${id}`);
}

/**
 * A run of a job whose payload is its row that threw: a refusal (an AppError under 500, e.g. its owner gone or a
 * data source no longer theirs) ends Crashed and is answered, not retried; anything else is Crashed "(it is
 * retried)" and thrown again for pg-boss to retry.
 */
export async function crashedRun(db: DbOrTx, id: number, error: unknown): Promise<{ refused: string }> {
  const refused = error instanceof AppError && error.status < 500;
  await crashJobRecord(db, id, error instanceof Error ? error.message : String(error), !refused);
  if (refused) return { refused: error.message };
  throw error;
}

/** Whether someone asked to cancel the run (a handler asks between its steps). */
export async function cancelWasRequested(db: DbOrTx, id: number) {
  const rows = await db.execute<{ c: boolean }>(
    sql`select cancel_requested as c from background_jobs where id = ${id}`,
  );
  return rows.rows[0]?.c === true;
}

export async function cancelJobRecord(db: DbOrTx, id: number, message: string) {
  await db.execute(sql`update background_jobs set status = 'cancelled', finished_at = now(),
    log = log || jsonb_build_array(jsonb_build_object('timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'message', ${message}::text))
    where id = ${id}`);
}
