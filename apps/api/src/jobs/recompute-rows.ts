import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import {
  crashJobRecord,
  createJobRecord,
  finishJobRecord,
  jobLog,
  jobProgress,
  startJobRecord,
} from './job-records';

/** An organisation with at least this many meters waiting when a drain starts gets a row at once. */
export const RECOMPUTE_ROW_METERS = 200;
/** A drain still working after this long gets rows for the organisations it is working on. */
export const RECOMPUTE_ROW_AFTER_MS = 5_000;

/**
 * The recomputes a person would follow in the jobs centre (docs/decisions/job-runner.md, Recomputes worth
 * following): a drain keeps one row per organisation whose meters it recomputes when that organisation had
 * RECOMPUTE_ROW_METERS or more waiting (an import, a bulk change, an organisation-wide update), or when the
 * drain has run longer than RECOMPUTE_ROW_AFTER_MS; the trivial drains of every minute keep none. Progress is
 * in meters: those done of those done and still waiting, so meters that join the queue meanwhile lengthen the bar
 * rather than hide. A drain that stopped or crashed leaves its rows open, and the next drain carries them on.
 */
export function recomputeRows(db: Db, queue: string, started: number, followAt = RECOMPUTE_ROW_METERS) {
  const rows = new Map<number, number>();
  const done = new Map<number, number>();
  const firstPending = new Map<number, number>();

  async function waiting() {
    const r = await db.execute<{ organisation_id: number; n: number }>(sql`
      select organisation_id, count(*)::int as n from ledger_pending group by organisation_id`);
    return new Map(r.rows.map((x) => [x.organisation_id, x.n]));
  }

  async function open(organisationId: number, pending: number) {
    // A row a stopped or crashed drain left open is carried on.
    const left = await db.execute<{ id: number }>(sql`
      select id from background_jobs where queue = ${queue} and kind = 'recompute'
        and organisation_id = ${organisationId} and finished_at is null
        and status in ('running', 'crashed', 'pending') order by id desc limit 1`);
    let id = left.rows[0]?.id;
    if (id === undefined) {
      id = await createJobRecord(db, {
        queue,
        kind: 'recompute',
        title: 'Recompute of figures',
        ownerId: null,
        organisationId,
        parameters: { meters: pending + (done.get(organisationId) ?? 0) },
      });
    }
    await startJobRecord(db, id);
    rows.set(organisationId, id);
  }

  return {
    /** Before each batch: opens the rows now worth keeping and moves their progress. */
    async step(now: number) {
      const pending = await waiting();
      const late = now - started >= RECOMPUTE_ROW_AFTER_MS;
      for (const [org, n] of pending) {
        if (!firstPending.has(org)) firstPending.set(org, n);
        if (!rows.has(org) && ((firstPending.get(org) ?? 0) >= followAt || late)) await open(org, n);
      }
      for (const [org, id] of rows) {
        const d = done.get(org) ?? 0;
        await jobProgress(db, id, d, d + (pending.get(org) ?? 0));
      }
    },
    /** Before a batch is recomputed (which clears its marks): counts its meters per organisation. */
    async counted(meterIds: number[]) {
      if (meterIds.length === 0) return;
      const r = await db.execute<{ organisation_id: number; n: number }>(sql`
        select organisation_id, count(*)::int as n from ledger_pending
        where meter_id in (${sql.join(
          meterIds.map((id) => sql`${id}`),
          sql`, `,
        )}) group by organisation_id`);
      for (const x of r.rows) done.set(x.organisation_id, (done.get(x.organisation_id) ?? 0) + x.n);
    },
    /** The queue is empty: each row finishes with the meters it recomputed. */
    async finish() {
      for (const [org, id] of rows) {
        const d = done.get(org) ?? 0;
        await jobProgress(db, id, d, d);
        await finishJobRecord(
          db,
          id,
          { meters: d },
          `Finished: ${d.toLocaleString('en-NZ')} data source${d === 1 ? '' : 's'} recomputed`,
        );
      }
    },
    /** The worker is stopping: the rows stay open for the next drain. */
    async stopped() {
      for (const id of rows.values())
        await jobLog(db, id, 'Stopped with its worker: the next run carries on');
    },
    async crashed(error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      for (const id of rows.values()) await crashJobRecord(db, id, message, true);
    },
  };
}
