import type { BackgroundJob, BackgroundJobDetail, JobStatus, JobsHealth } from '@verdant/contracts/tools';
import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/job-definition';
import { RESTATEMENT_JOB } from '../../jobs/job-records';
import { badRequest, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import { JOB_KINDS } from './job-kinds';
import * as q from './tools.queries';

/** Queues whose payload is the jobs centre's row ({ jobId }): these can be run again from here. */
const RERUNNABLE = new Set([RESTATEMENT_JOB, 'exports.meter-data']);
const OPEN: readonly string[] = ['setup', 'pending', 'paused', 'running'];

/**
 * The jobs centre (data-portal.md 4 and 7; docs/decisions/job-runner.md, One jobs centre). A job someone may
 * not see is 'not found' (they learn nothing of it); whoever sees it (its owner, its organisation's
 * administrators, product administrators) may cancel it or run it again.
 */
export function createToolsService({
  db,
  jobs,
  confirmRestatement,
  storage,
}: {
  db: Db;
  jobs: JobQueue;
  /** Where jobs leave their files (a data load's refused rows). */
  storage?: Storage;
  /** The catalogue's confirmation of a proposed restatement, which records its job. */
  confirmRestatement: (a: Caller, restatementId: number, type: 1 | 2) => Promise<{ jobId: number | null }>;
}) {
  const may = (a: Caller, r: q.JobRow) =>
    a.principal.productAdmin || r.owner_id === a.user.id || r.administers;
  const toJob = (a: Caller, r: q.JobRow): BackgroundJob => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    type: r.type,
    status: r.status as JobStatus,
    runAfter: r.run_after,
    owner: r.owner,
    organisation:
      r.organisation_id === null ? null : { id: r.organisation_id, name: r.organisation_name ?? '' },
    parameters: r.parameters,
    progressDone: r.progress_done,
    progressTotal: r.progress_total,
    progressAt: r.progress_at,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    error: r.error,
    attempts: r.attempts,
    cancelRequested: r.cancel_requested,
    refusedCount: r.refused_count,
    mayCancel:
      may(a, r) && OPEN.includes(r.status) && !r.cancel_requested && JOB_KINDS[r.kind]?.cancel !== false,
    mayRetry: may(a, r) && ['crashed', 'cancelled'].includes(r.status) && RERUNNABLE.has(r.queue),
    now: r.now,
  });
  const linkOf = (r: q.JobRow) => JOB_KINDS[r.kind]?.link?.(r) ?? null;
  const downloadOf = (r: q.JobRow) => {
    if (r.result_file === null || r.status === 'running') return null;
    const name = (r.result as { downloadName?: unknown } | null)?.downloadName;
    return { filename: typeof name === 'string' && name ? name : `job-${r.id}` };
  };
  async function load(a: Caller, id: number) {
    const r = await q.job(db, a.user.id, a.principal.productAdmin, id);
    if (!r) throw notFound('No such job');
    return r;
  }
  async function get(a: Caller, id: number): Promise<BackgroundJobDetail> {
    const r = await load(a, id);
    return {
      ...toJob(a, r),
      log: r.log,
      result: r.result ?? null,
      refused: r.refused ?? [],
      link: linkOf(r),
      download: downloadOf(r),
    };
  }

  return {
    /** The file a job left, for whoever may see the job. */
    async file(a: Caller, id: number) {
      const r = await load(a, id);
      const download = downloadOf(r);
      const stream = download && r.result_file && storage ? await storage.get(r.result_file) : null;
      if (!download || !stream) throw notFound('This job left no file to download');
      return { filename: download.filename, stream };
    },

    async list(a: Caller) {
      return { jobs: (await q.jobs(db, a.user.id, a.principal.productAdmin)).map((r) => toJob(a, r)) };
    },
    get,

    /**
     * The Emission Factor Update: confirms the proposed restatement, which hands it to its job, Immediate (type 1)
     * or Overnight (type 2: it waits for the night window, docs/decisions/job-runner.md, Overnight jobs).
     */
    async create(a: Caller, restatementId: number, type: 1 | 2 = 1) {
      const confirmed = await confirmRestatement(a, restatementId, type);
      if (confirmed.jobId === null) throw notFound();
      return get(a, confirmed.jobId);
    },

    async cancel(a: Caller, id: number) {
      const r = await load(a, id);
      if (JOB_KINDS[r.kind]?.cancel === false)
        throw badRequest(`A job of kind ${r.kind} cannot be cancelled`);
      if (!OPEN.includes(r.status) || r.cancel_requested)
        throw badRequest(`This job is already ${r.cancel_requested ? 'being cancelled' : r.status}`);
      await q.requestCancel(db, id);
      if (r.status !== 'running' && r.kind === 'restatement')
        await db.execute(sql`update restatements set status = 'cancelled', finished_at = now()
          where job_id = ${id} and status = 'running'`);
      return { success: true as const, message: 'Cancel asked for' };
    },

    async retry(a: Caller, id: number) {
      const r = await load(a, id);
      if (!['crashed', 'cancelled'].includes(r.status) || !RERUNNABLE.has(r.queue))
        throw badRequest(`A job that is ${r.status} cannot be run again`);
      await db.transaction(async (tx) => {
        await q.resetForRetry(tx, id);
        // The restatement is its job's again; the run checks once more that its preview still holds.
        if (r.kind === 'restatement')
          await tx.execute(sql`update restatements set status = 'running', finished_at = null
            where job_id = ${id} and status <> 'done'`);
      });
      await jobs.send(r.queue, { jobId: id }).catch(() => {});
      return toJob(a, await load(a, id));
    },

    async health(): Promise<JobsHealth> {
      const h = await q.health(db);
      return {
        queues: h.queues.map((x) => ({
          kind: x.kind,
          queued: x.queued,
          running: x.running,
          oldestQueuedSeconds: x.oldest === null ? null : Math.round(x.oldest),
        })),
        failures24h: h.failures,
        workers: h.workers.map((w) => ({
          id: w.id,
          host: w.host,
          pid: w.pid,
          startedAt: w.started_at,
          heartbeatAt: w.heartbeat_at,
          alive: w.alive,
          runningJobId: w.running_job_id,
        })),
      };
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
