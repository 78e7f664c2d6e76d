import { z } from 'zod';
import { runReportJob } from '../modules/reports/report-job-run';
import { REPORT_RUN_JOB } from '../modules/reports/report-jobs.service';
import { defineJob } from './job-definition';

/**
 * A report run now that is too slow to answer at once (docs/decisions/reports.md, Slow reports run as jobs):
 * run as its owner sees it, its file stored and named in the job's result. A run whose worker died is simply
 * run again (it changes nothing but its own file).
 */
export const reportRunJob = defineJob({
  name: REPORT_RUN_JOB,
  schema: z.object({ jobId: z.number().int().positive() }),
  queue: { retryLimit: 1, retryDelay: 30, expireInSeconds: 60 * 60 },
  async handler({ jobId }, { db, clock, storage }) {
    if (!storage) throw new Error('the report job needs the file storage');
    return runReportJob({ db, storage, now: clock() }, jobId);
  },
});
