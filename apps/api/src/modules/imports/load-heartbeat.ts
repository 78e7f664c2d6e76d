import type { DbOrTx } from '@verdant/db/client';
import { importJobs } from '@verdant/db/schema/imports';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import { and, eq, inArray, or, sql } from 'drizzle-orm';

/*
 * A load's heartbeat (docs/decisions/security.md, "A killed load is retried within minutes"): the worker running
 * a load writes `heartbeat_at` every few seconds outside the load's transaction; a load still 'running' whose
 * heartbeat stopped (its worker was killed, its transaction rolled back with it) is marked 'retrying' and sent
 * again by the stale-loads sweep, rather than waiting for pg-boss's expiry of hours.
 */

/** How often a running load's worker beats. */
export const HEARTBEAT_SECONDS = 10;
/** A running load whose last beat is older than this has lost its worker. */
export const STALE_AFTER_SECONDS = 60;
/** A load taken this many times and killed each time is failed, not sent again. */
export const MAX_ATTEMPTS = 3;

const staleBeat = (seconds: number) =>
  sql`coalesce(${importJobs.heartbeatAt}, ${importJobs.startedAt}, ${importJobs.createdAt}) < now() - make_interval(secs => ${seconds})`;

/**
 * Takes a load for this worker: one that waits (pending, retrying) or whose worker stopped beating. Nothing when
 * it is finished, failed or running live elsewhere.
 */
export async function claimLoad(db: DbOrTx, uuid: string, startedAt: Date) {
  const [row] = await db
    .update(importJobs)
    .set({
      status: 'running',
      startedAt,
      heartbeatAt: sql`now()`,
      attempts: sql`${importJobs.attempts} + 1`,
      bytesRead: 0,
      linesRead: 0,
      error: null,
      reportKey: null,
      refusals: null,
    })
    .where(
      and(
        eq(importJobs.uuid, uuid),
        or(
          inArray(importJobs.status, ['pending', 'retrying']),
          and(eq(importJobs.status, 'running'), staleBeat(STALE_AFTER_SECONDS)),
        ),
      ),
    )
    .returning();
  return row;
}

/** Beats for a running load until stopped; a failed beat is left for the next one. */
export function startHeartbeat(db: DbOrTx, uuid: string, everyMs = HEARTBEAT_SECONDS * 1000) {
  const beat = () =>
    db
      .update(importJobs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(importJobs.uuid, uuid), eq(importJobs.status, 'running')))
      .then(
        () => {},
        () => {},
      );
  const timer = setInterval(beat, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Loads whose worker stopped beating: each is marked 'retrying' and sent again, or failed once taken
 * MAX_ATTEMPTS times. Answers the uuids sent again and failed.
 */
export async function retryStaleLoads(
  db: DbOrTx,
  send: (uuid: string) => Promise<void>,
  staleAfterSeconds = STALE_AFTER_SECONDS,
) {
  const stale = and(eq(importJobs.status, 'running'), staleBeat(staleAfterSeconds));
  const failed = await db
    .update(importJobs)
    .set({ status: 'failed', error: IMPORT_MSG.interrupted, finishedAt: sql`now()` })
    .where(and(stale, sql`${importJobs.attempts} >= ${MAX_ATTEMPTS}`))
    .returning({ uuid: importJobs.uuid });
  const retrying = await db
    .update(importJobs)
    .set({ status: 'retrying' })
    .where(stale)
    .returning({ uuid: importJobs.uuid });
  for (const { uuid } of retrying) await send(uuid);
  return { retried: retrying.map((r) => r.uuid), failed: failed.map((r) => r.uuid) };
}
