import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

/** The statements of the jobs centre (tools.service.ts). */

export type JobRow = {
  id: number;
  queue: string;
  kind: string;
  title: string;
  type: number;
  status: string;
  owner_id: number | null;
  owner: string | null;
  organisation_id: number | null;
  organisation_name: string | null;
  parameters: Record<string, unknown>;
  progress_done: number;
  progress_total: number | null;
  progress_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** An Overnight job's start (its night window), while and after it waits. */
  run_after: string | null;
  error: string | null;
  attempts: number;
  cancel_requested: boolean;
  refused_count: number;
  log: { timestamp: string; message: string }[];
  result: unknown;
  refused: { line: number; reason: string }[] | null;
  result_file: string | null;
  now: string;
  /** The caller administers its organisation. */
  administers: boolean;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/**
 * The jobs a person may see: every one for a product administrator; else their own and those of the
 * organisations they administer (docs/decisions/job-runner.md, One jobs centre).
 */
const visible = (userId: number, productAdmin: boolean) =>
  productAdmin
    ? sql`true`
    : sql`(j.owner_id = ${userId} or j.organisation_id in (select organisation_id from memberships
        where user_id = ${userId} and admin and not org_blocked and access_id > 0))`;

function select(userId: number, productAdmin: boolean, detail: boolean) {
  return sql`
    select j.id, j.queue, j.kind, j.title, j.type, j.status, j.owner_id,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.surname, '')), '') as owner,
      j.organisation_id, o.name as organisation_name, j.parameters, j.progress_done, j.progress_total,
      ${iso('j.progress_at')} as progress_at, ${iso('j.created_at')} as created_at,
      ${iso('j.started_at')} as started_at, ${iso('j.finished_at')} as finished_at, ${iso('j.run_after')} as run_after,
      j.error, j.attempts,
      j.cancel_requested, coalesce(jsonb_array_length(j.refused), 0) as refused_count,
      ${detail ? sql`j.log, j.result, j.refused` : sql`'[]'::jsonb as log, null as result, null as refused`},
      j.result_file,
      ${iso('now()')} as now,
      ${
        productAdmin
          ? sql`true`
          : sql`exists (select 1 from memberships m where m.user_id = ${userId}
        and m.organisation_id = j.organisation_id and m.admin and not m.org_blocked)`
      } as administers
    from background_jobs j left join users u on u.id = j.owner_id
    left join organisations o on o.id = j.organisation_id
    where ${visible(userId, productAdmin)}`;
}

export async function jobs(db: DbOrTx, userId: number, productAdmin: boolean, limit = 200) {
  const rows = await db.execute<JobRow>(
    sql`${select(userId, productAdmin, false)} order by j.created_at desc, j.id desc limit ${limit}`,
  );
  return rows.rows;
}

export async function job(db: DbOrTx, userId: number, productAdmin: boolean, id: number) {
  const rows = await db.execute<JobRow>(sql`${select(userId, productAdmin, true)} and j.id = ${id}`);
  return rows.rows[0];
}

/** Asks a job to stop: one not yet running ends at once; a running one at its next safe point. */
export async function requestCancel(db: DbOrTx, id: number) {
  await db.execute(sql`update background_jobs set cancel_requested = true,
    status = case when status in ('setup', 'pending', 'paused') then 'cancelled' else status end,
    finished_at = case when status in ('setup', 'pending', 'paused') then now() else finished_at end,
    log = log || jsonb_build_array(jsonb_build_object('timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'message', 'Cancel asked for'))
    where id = ${id}`);
}

/** A crashed or cancelled job made ready to run again. */
export async function resetForRetry(db: DbOrTx, id: number) {
  await db.execute(sql`update background_jobs set status = 'pending', cancel_requested = false, error = null,
    finished_at = null, progress_done = 0, progress_at = null,
    log = log || jsonb_build_array(jsonb_build_object('timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'message', 'Retry asked for'))
    where id = ${id}`);
}

export async function health(db: DbOrTx) {
  const queues = await db.execute<{
    kind: string;
    queued: number;
    running: number;
    oldest: number | null;
  }>(sql`
    select kind, count(*) filter (where status in ('setup', 'pending'))::int as queued,
      count(*) filter (where status = 'running')::int as running,
      -- An Overnight job waits from its start, not its creation (docs/decisions/job-runner.md, Overnight jobs).
      extract(epoch from now() - min(greatest(created_at, coalesce(run_after, created_at)))
        filter (where status in ('setup', 'pending') and coalesce(run_after, created_at) <= now()))::float8 as oldest
    from background_jobs group by kind order by kind`);
  const failures = await db.execute<{ n: number }>(sql`select count(*)::int as n from background_jobs
    where status = 'crashed' and coalesce(finished_at, started_at, created_at) > now() - interval '24 hours'`);
  const workers = await db.execute<{
    id: string;
    host: string;
    pid: number;
    started_at: string;
    heartbeat_at: string;
    alive: boolean;
    running_job_id: number | null;
  }>(sql`select id, host, pid, ${iso('started_at')} as started_at, ${iso('heartbeat_at')} as heartbeat_at,
      heartbeat_at > now() - interval '30 seconds' as alive, running_job_id
    from job_workers where heartbeat_at > now() - interval '1 day' order by heartbeat_at desc`);
  return { queues: queues.rows, failures: failures.rows[0]?.n ?? 0, workers: workers.rows };
}
