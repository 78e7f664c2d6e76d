import { z } from 'zod';
import { runRestatementJob } from '../modules/catalogue/restatement-job';
import { defineJob } from './job-definition';
import { RESTATEMENT_JOB } from './job-records';

/**
 * The Emission Factor Update of the jobs centre: applies one confirmed restatement (runRestatementJob). Its one
 * transaction commits whole or not at all, so a run whose worker died is simply run again.
 */
export const restatementJob = defineJob({
  name: RESTATEMENT_JOB,
  schema: z.object({ jobId: z.number().int().positive() }),
  queue: { retryLimit: 2, retryDelay: 10, expireInSeconds: 60 * 60 },
  handler: ({ jobId }, { db, clock }) => runRestatementJob(db, jobId, clock()),
});
