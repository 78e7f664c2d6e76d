import type { Db } from '@verdant/db/client';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { DirectLinks } from '../lib/direct-links';
import type { Mailer } from '../lib/mail';
import type { Storage } from '../lib/storage';
import type { ImapSettings } from '../modules/email-processing/imap-poll';
import { emailFilePurgeJob } from './email-file-purge.job';
import { emailImapPollJob } from './email-imap.job';
import { emailItemJob, emailSweepJob } from './email-item.job';
import { emailReceiptJob } from './email-receipt.job';
import { emailedReportSendJob, emailedReportsSweepJob } from './emailed-reports.job';
import { evaluateInvoiceAlertsJob } from './evaluate-invoice-alerts.job';
import type { JobDefinition, JobQueue } from './job-definition';
import { closeRun, crashRun, openRun } from './job-kinds';
import { meterExportJob } from './meter-export.job';
import { meterLoadJob } from './meter-load.job';
import { moveHalfHoursJob } from './move-half-hours.job';
import { portalRequestsJob } from './portal-requests.job';
import { purgeDeletedAssetsJob } from './purge-deleted-assets.job';
import { purgeReportFilesJob } from './purge-report-files.job';
import { recomputePendingJob } from './recompute-pending.job';
import { reportRunJob } from './report-run.job';
import { restatementJob } from './restatement.job';
import { staleLoadsJob } from './stale-loads.job';
import { startHeartbeat } from './worker-heartbeat';

/** Every job the runner knows. */
export const JOBS: JobDefinition[] = [
  recomputePendingJob as JobDefinition,
  purgeDeletedAssetsJob as JobDefinition,
  evaluateInvoiceAlertsJob as JobDefinition,
  meterLoadJob as JobDefinition,
  moveHalfHoursJob as JobDefinition,
  staleLoadsJob as JobDefinition,
  restatementJob as JobDefinition,
  emailedReportsSweepJob as JobDefinition,
  emailedReportSendJob as JobDefinition,
  portalRequestsJob as JobDefinition,
  emailItemJob as JobDefinition,
  emailSweepJob as JobDefinition,
  emailImapPollJob as JobDefinition,
  emailFilePurgeJob as JobDefinition,
  emailReceiptJob as JobDefinition,
  reportRunJob as JobDefinition,
  purgeReportFilesJob as JobDefinition,
  meterExportJob as JobDefinition,
];

/** pg-boss keeps its tables in this schema of the portal's own database. */
export const JOB_SCHEMA = 'pgboss';
/** Advisory lock held while pg-boss starts (creates or migrates its schema) and its queues are created. */
const START_LOCK = 74210;

export interface JobRunnerOptions {
  pool: pg.Pool;
  db: Db;
  /** Work the queues here (the API by default, or the separate worker); false only sends. */
  work: boolean;
  clock?: () => Date;
  storage?: Storage;
  mailer?: Mailer;
  publicUrl?: string;
  links?: DirectLinks;
  reportLinkBytes?: number;
  recomputeFollowAt?: number;
  /** The intake mailbox (MAIL_IMAP_*), polled every minute when set. */
  imap?: ImapSettings | null;
  log?: (message: string) => void;
  jobs?: JobDefinition[];
  pollingIntervalSeconds?: number;
}

export interface JobRunner extends JobQueue {
  boss: PgBoss;
  /** `timeout`: how long a graceful stop waits for running handlers (10 s by default). */
  stop(options?: { graceful?: boolean; timeout?: number }): Promise<void>;
}

type JobStats = {
  completed: number;
  failed: number;
  lastCompletedAt: string | null;
  lastError: string | null;
};

/** In-process state of the runner, for health and metrics. */
const status = {
  started: false,
  working: false,
  startedAt: null as string | null,
  jobs: {} as Record<string, JobStats>,
};

/** A copy of this process's runner state: whether it runs and works, and per job completions and failures. */
export function jobRunnerStatus() {
  return structuredClone(status);
}

/**
 * Starts pg-boss on the portal's database (in its own schema, through the portal's connection pool),
 * creates the queues and, when `work` is set, works them and schedules the periodic ones. A recompute drain
 * is asked for at once, so meters left pending by a stopped worker are picked up.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const {
    pool,
    db,
    work,
    clock = () => new Date(),
    storage,
    mailer,
    publicUrl,
    links,
    reportLinkBytes,
    recomputeFollowAt,
    imap,
    log = () => {},
  } = options;
  const jobs = options.jobs ?? JOBS;
  let stopping = false;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: JOB_SCHEMA,
    supervise: work,
    schedule: work,
    migrate: true,
  });
  boss.on('error', (err) => log(`job runner: ${err.message}`));
  // Processes starting together take turns: pg-boss creates its schema on first start and two creations race.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [START_LOCK]);
    await boss.start();
    // Creating the queues races too (a deadlock between two processes was seen), so it happens in turn as well.
    for (const job of jobs) {
      await boss.createQueue(job.name, { name: job.name, ...job.queue });
      await boss.updateQueue(job.name, { name: job.name, ...job.queue });
    }
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [START_LOCK]).catch(() => {});
    lock.release();
  }
  const byName = new Map(jobs.map((j) => [j.name, j]));
  // This process's worker of each queue: woken by a send here, and straight after each job it ran, so a queue
  // drains back to back rather than one job per polling interval (docs/decisions/job-runner.md, Draining).
  const workerIds = new Map<string, string>();
  const wake = (name: string) => {
    const id = workerIds.get(name);
    if (id) boss.notifyWorker(id);
  };
  const send = async (name: string, data: object = {}, options: { startAfter?: Date } = {}) => {
    const job = byName.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    // An Overnight job waits in pg-boss until its start (docs/decisions/job-runner.md, Overnight jobs).
    const later = options.startAfter && options.startAfter.getTime() > Date.now() ? options.startAfter : null;
    await boss.send(name, job.schema.parse(data), later ? { startAfter: later } : {});
    if (!later) wake(name);
  };
  const heartbeat = work ? startHeartbeat(db, log) : null;
  if (work) {
    for (const job of jobs) {
      const stats: JobStats = status.jobs[job.name] ?? {
        completed: 0,
        failed: 0,
        lastCompletedAt: null,
        lastError: null,
      };
      status.jobs[job.name] = stats;
      const workerId = await boss.work<object>(
        job.name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([received]) => {
          if (!received) return;
          // Another may be waiting: fetch again as soon as this one is done.
          wake(job.name);
          const data = job.schema.safeParse(received.data ?? {});
          if (!data.success) {
            // A payload that can never succeed is cancelled at once rather than retried.
            stats.failed += 1;
            stats.lastError = `invalid payload: ${data.error.message}`;
            log(`job ${job.name} ${received.id} cancelled: ${stats.lastError}`);
            await boss.cancel(job.name, received.id);
            return;
          }
          // A run keeps its own row ({ jobId }), or the runner keeps one from the job's record (job-kinds.ts).
          const own = (data.data as { jobId?: unknown }).jobId;
          const opened = typeof own === 'number' ? null : await openRun(db, job, received.id, data.data);
          if (job.record && typeof own !== 'number' && opened === null) return;
          const recorded = typeof own === 'number' ? own : opened;
          if (recorded !== null) heartbeat?.running(recorded);
          try {
            const output = await job.handler(data.data, {
              db,
              clock,
              storage,
              mailer,
              publicUrl,
              links,
              reportLinkBytes,
              recomputeFollowAt,
              imap,
              log,
              stopping: () => stopping,
              send,
            });
            stats.completed += 1;
            stats.lastCompletedAt = new Date().toISOString();
            if (opened !== null) await closeRun(db, job, opened, data.data, output);
            return output;
          } catch (err) {
            stats.failed += 1;
            stats.lastError = err instanceof Error ? err.message : String(err);
            log(`job ${job.name} failed (it is retried): ${stats.lastError}`);
            if (opened !== null) await crashRun(db, opened, err).catch(() => {});
            throw err;
          } finally {
            if (recorded !== null) heartbeat?.running(null);
          }
        },
      );
      workerIds.set(job.name, workerId);
      if (job.cron) await boss.schedule(job.name, job.cron, {});
    }
  }
  status.started = true;
  status.working = work;
  status.startedAt = new Date().toISOString();

  const runner: JobRunner = {
    boss,
    send,
    /**
     * Stops fetching and lets running handlers reach their next safe point; whatever is still running after
     * the timeout is marked failed by pg-boss and retried (its open transaction dies with the process).
     */
    async stop({ graceful = true, timeout = graceful ? 10_000 : 1000 } = {}) {
      stopping = true;
      status.started = false;
      status.working = false;
      await boss.stop({ graceful, close: false, wait: true, timeout });
      await heartbeat?.stop();
    },
  };
  if (work) {
    // Work a stopped process left: pending recomputes, and emailed items received but not processed
    // (docs/decisions/email-intake.md). A runner given only some jobs (a test's) sends only to those it has.
    if (byName.has(recomputePendingJob.name)) await runner.send(recomputePendingJob.name);
    if (byName.has(emailSweepJob.name)) await runner.send(emailSweepJob.name, { all: true });
  }
  return runner;
}
