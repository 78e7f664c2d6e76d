import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

/** How often a working process says it is alive (the jobs centre takes 30 s of silence for gone). */
const BEAT_MS = 10_000;

/**
 * A working process's heartbeat in `job_workers` (docs/decisions/job-runner.md, One jobs centre): its row is
 * written at start and every 10 s, names the jobs centre's job it is running, and is removed when it stops.
 */
export function startHeartbeat(db: Db, log: (message: string) => void) {
  const id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let running: number | null = null;
  const beat = () =>
    db
      .execute(sql`insert into job_workers (id, host, pid, running_job_id) values (${id}, ${os.hostname()},
        ${process.pid}, ${running}) on conflict (id) do update set heartbeat_at = now(),
        running_job_id = excluded.running_job_id`)
      .then(() => {})
      .catch((err: Error) => log(`job runner heartbeat: ${err.message}`));
  const first = beat();
  const timer = setInterval(beat, BEAT_MS);
  timer.unref();
  return {
    /** The jobs centre's job this process runs now (null when between jobs). */
    running(jobId: number | null) {
      running = jobId;
      void beat();
    },
    async stop() {
      clearInterval(timer);
      await first;
      await db.execute(sql`delete from job_workers where id = ${id}`).catch(() => {});
    },
  };
}
