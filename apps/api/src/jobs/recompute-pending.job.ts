import { markDayTurned, nextPendingBatch } from '@verdant/db/ledger/pending';
import { vacuumFacts } from '@verdant/db/ledger/rebuild';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { z } from 'zod';
import { defineJob } from './job-definition';
import { recomputeRows } from './recompute-rows';

/** Meters per transaction: small enough that an invoice edit waiting on one of them waits briefly. */
export const RECOMPUTE_BATCH = 100;
/** After a drain this large, the facts are vacuumed and their statistics refreshed at once. */
const ANALYZE_AFTER = 500;

/**
 * Drains `ledger_pending` (docs/domain.md, Recompute): takes the oldest pending meters a batch at a time and
 * recomputes each batch in one transaction, which also clears their pending marks. A batch commits whole or
 * not at all: a worker killed mid-batch leaves its meters pending and the retry (or the next run) does them
 * again. Stately queue: at most one drain runs and one waits, however many changes ask for it. Each run first
 * marks the meters whose facts a turned day made stale (markDayTurned), so facts never lag the calendar.
 */
export const recomputePendingJob = defineJob({
  name: 'ledger.recompute-pending',
  schema: z.object({
    batchSize: z.number().int().min(1).max(1000).optional(),
    /** Meters waiting in one organisation from which its drain keeps a row (RECOMPUTE_ROW_METERS). */
    followAt: z.number().int().min(1).optional(),
  }),
  queue: { policy: 'stately', retryLimit: 5, retryDelay: 2, expireInSeconds: 15 * 60 },
  cron: '* * * * *',
  async handler(data, { db, clock, stopping, recomputeFollowAt }) {
    const size = data.batchSize ?? RECOMPUTE_BATCH;
    // Run every minute by cron: an organisation whose day has turned gets its event-based meters redone.
    await markDayTurned(db, clock());
    let meters = 0;
    // The jobs centre's rows of a drain worth following (recompute-rows.ts); trivial drains keep none.
    const rows = recomputeRows(db, recomputePendingJob.name, Date.now(), data.followAt ?? recomputeFollowAt);
    try {
      while (!stopping()) {
        await rows.step(Date.now());
        const batch = await nextPendingBatch(db, size);
        if (batch.length === 0) {
          // A drain that rewrote most of an organisation's facts leaves a dead copy of every row and the
          // planner's statistics behind until autovacuum comes round (a minute or more); the figure calls would
          // meanwhile read twice the pages and pick plans for the old table. Vacuum and analyze them at once.
          if (meters >= ANALYZE_AFTER) await vacuumFacts(db);
          await rows.finish();
          return { meters };
        }
        await rows.counted(batch);
        await db.transaction((tx) => recomputeFacts(tx, batch, clock()));
        meters += batch.length;
      }
    } catch (error) {
      await rows.crashed(error).catch(() => {});
      throw error;
    }
    await rows.stopped();
    return { meters, stopped: true };
  },
});
