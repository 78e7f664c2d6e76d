import { z } from 'zod';
import { idParam, int4, okResponse, text } from './common';
import { defineOperations } from './operations';

/**
 * The jobs centre (data-portal.md 4, Background job status; 7, the `/tools/jobs` calls;
 * docs/decisions/job-runner.md, One jobs centre): every background job of every kind, with its owner, organisation, type,
 * parameters, status, progress, log, result and refused rows. Each person sees their own jobs, an
 * organisation's administrators its jobs, product administrators every job.
 */

export const JOB_STATUSES = [
  'setup',
  'pending',
  'running',
  'paused',
  'crashed',
  'finished',
  'cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The spec's words for each status: Setup displays as Not Ready. */
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  setup: 'Not Ready',
  pending: 'Pending',
  running: 'Running',
  paused: 'Paused',
  crashed: 'Crashed',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

/** Type 1 Immediate, 2 Overnight. */
export const JOB_TYPE_LABELS: Record<number, string> = { 1: 'Immediate', 2: 'Overnight' };

/**
 * When a job someone starts runs (data-portal.md 3, Background job): 1 Immediate, or 2 Overnight, waiting for the
 * night window on its organisation's clock (docs/decisions/job-runner.md, Overnight jobs).
 */
export const jobType = z.union([z.literal(1), z.literal(2)], {
  error: 'A job runs Immediate (1) or Overnight (2)',
});

/** The job kinds people may start here: the spec offers only the Emission Factor Update. */
export const CREATABLE_JOBS = ['emission-factor-update'] as const;

/** A job that shows no progress for this long says so rather than freezing its bar. */
export const STALLED_SECONDS = 60;

export const backgroundJob = z.object({
  id: z.number(),
  kind: text(),
  title: text(),
  type: z.number(),
  status: z.enum(JOB_STATUSES),
  owner: text().nullable(),
  organisation: z.object({ id: z.number(), name: text() }).nullable(),
  parameters: z.record(text(), z.unknown()),
  progressDone: z.number(),
  progressTotal: z.number().nullable(),
  /** When progress last moved (or the job started). */
  progressAt: text().nullable(),
  createdAt: text(),
  startedAt: text().nullable(),
  finishedAt: text().nullable(),
  /** An Overnight job's start: it waits, Pending, until then. */
  runAfter: text().nullable(),
  error: text().nullable(),
  attempts: z.number(),
  cancelRequested: z.boolean(),
  refusedCount: z.number(),
  /** What the caller may do with it. */
  mayCancel: z.boolean(),
  mayRetry: z.boolean(),
  /** The server's clock when answered, so a page can tell time left and stalls without trusting its own. */
  now: text(),
});
export type BackgroundJob = z.infer<typeof backgroundJob>;

export const backgroundJobDetail = backgroundJob.extend({
  log: z.array(z.object({ timestamp: text(), message: text() })),
  result: z.unknown().nullable(),
  refused: z.array(z.object({ line: z.number(), reason: text() })),
  /** Where the page links for what the job worked on (a restatement), when it has one. */
  link: text().nullable(),
  /** A file the finished job left to download (`jobFile`), with the name it is saved under. */
  download: z.object({ filename: text() }).nullable(),
});
export type BackgroundJobDetail = z.infer<typeof backgroundJobDetail>;

export const jobsHealth = z.object({
  queues: z.array(
    z.object({
      kind: text(),
      queued: z.number(),
      running: z.number(),
      oldestQueuedSeconds: z.number().nullable(),
    }),
  ),
  failures24h: z.number(),
  workers: z.array(
    z.object({
      id: text(),
      host: text(),
      pid: z.number(),
      startedAt: text(),
      heartbeatAt: text(),
      /** No heartbeat for 30 s: the worker is taken for gone. */
      alive: z.boolean(),
      runningJobId: z.number().nullable(),
    }),
  ),
});
export type JobsHealth = z.infer<typeof jobsHealth>;

export const createJobRequest = z.object({
  /** The proposed restatement the Emission Factor Update applies. */
  restatementId: int4().positive(),
  /** 1 Immediate (the default) or 2 Overnight. */
  type: jobType.default(1),
});

export const toolsOperations = defineOperations('tools', {
  jobs: {
    method: 'GET',
    path: '/tools/jobs',
    summary:
      'Background jobs the caller may see, newest first (their own; administrators, their organisation’s)',
    access: 'signed-in',
    answer: z.object({ jobs: z.array(backgroundJob) }),
  },
  job: {
    method: 'GET',
    path: '/tools/jobs/:id',
    summary: 'One background job with its log, result and refused rows',
    access: 'signed-in',
    params: idParam,
    answer: backgroundJobDetail,
  },
  createJob: {
    method: 'POST',
    path: '/tools/jobs/create/:type',
    summary: 'Start a job: the Emission Factor Update applies a proposed restatement',
    access: 'product-administrator',
    params: z.object({ type: z.enum(CREATABLE_JOBS) }),
    body: createJobRequest,
    answer: backgroundJob,
  },
  cancelJob: {
    method: 'POST',
    path: '/tools/jobs/:id/cancel',
    summary: 'Cancel a job not yet finished (a running one stops at its next safe point, changing nothing)',
    access: 'signed-in',
    params: idParam,
    answer: okResponse,
  },
  retryJob: {
    method: 'POST',
    path: '/tools/jobs/:id/retry',
    summary: 'Run a crashed or cancelled job again',
    access: 'signed-in',
    params: idParam,
    answer: backgroundJob,
  },
  jobFile: {
    method: 'GET',
    path: '/tools/jobs/:id/file',
    summary: 'The file a job left to download (a data load’s refused rows), for whoever may see the job',
    access: 'signed-in',
    params: idParam,
    answer: 'file',
  },
  jobsHealth: {
    method: 'GET',
    path: '/tools/jobs-health',
    summary:
      'Queue depth per kind, the oldest queued job, failures over 24 hours and the workers’ heartbeats',
    access: 'product-administrator',
    answer: jobsHealth,
  },
});
