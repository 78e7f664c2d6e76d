import type { QueuedRun } from '@verdant/contracts/reports';
import type { Db } from '@verdant/db/client';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { sql } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/job-definition';
import { createJobRecord } from '../../jobs/job-records';
import { notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import { definitionOf } from './report-catalogue.service';
import type { ReportRequest, ReportRunService } from './report-run.service';

/**
 * Slow reports run as jobs (docs/decisions/reports.md): a run now whose work is estimated above the configured
 * rows goes to the jobs centre as a pg-boss job (its progress there), and its file is downloaded from the job
 * once it has finished, by its owner (or a product administrator) in the organisation it ran for.
 */
export const REPORT_RUN_JOB = 'reports.run';

export type StoredReportFile = {
  key: string;
  filename: string;
  contentType: string;
  size: number;
  fingerprint: string;
};

export function createReportJobsService({
  db,
  runner,
  jobs,
  storage,
  jobRows,
}: {
  db: Db;
  runner: ReportRunService;
  jobs: JobQueue;
  storage: Storage;
  jobRows: number;
}) {
  return {
    /** The job of a slow run (checked as a run would be first), or null when it answers at once. */
    async queueIfSlow(a: Caller, req: ReportRequest): Promise<QueuedRun | null> {
      const org = orgOf(a);
      const rows = await runner.estimate(a.principal, org, req);
      if (rows <= jobRows) return null;
      const r = definitionOf(req.id);
      const jobId = await createJobRecord(db, {
        queue: REPORT_RUN_JOB,
        kind: 'report',
        title: `Report: ${r.name}`,
        ownerId: a.user.id,
        organisationId: org.id,
        parameters: { ...req, report: r.name, rows },
      });
      await jobs.send(REPORT_RUN_JOB, { jobId });
      return {
        jobId,
        message: `${r.name} is being prepared in the jobs centre (job ${jobId}); download it there when it has finished.`,
      };
    },

    /** A finished run's file, for its owner or a product administrator, in the session's organisation. */
    async file(a: Caller, jobId: number) {
      const rows = await db.execute<{
        owner_id: number | null;
        result: { file?: StoredReportFile } | null;
      }>(sql`
        select owner_id, result from background_jobs
        where id = ${jobId} and queue = ${REPORT_RUN_JOB} and status = 'finished'
          and organisation_id = ${orgOf(a).id}`);
      const job = rows.rows[0];
      const file = job?.result?.file;
      if (!job || !file || (job.owner_id !== a.user.id && !a.principal.productAdmin)) {
        throw notFound('That report file was not found');
      }
      const stream = await storage.get(file.key);
      // Its owner learns why: the file was kept its 7 days (report-files-purge.ts).
      if (!stream) throw notFound(REPORT_MSG.fileRemoved);
      return { ...file, stream };
    },
  };
}

export type ReportJobsService = ReturnType<typeof createReportJobsService>;
