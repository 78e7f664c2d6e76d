import type { Db } from '@verdant/db/client';
import { users } from '@verdant/db/schema/core';
import { eq } from 'drizzle-orm';
import { crashedRun, finishJobRecord, jobProgress, startJobRecord } from '../../jobs/job-records';
import { forbidden } from '../../lib/errors';
import { loadOrganisationContext } from '../../lib/organisation-context';
import { can, type Principal } from '../../lib/rights';
import { newStorageKey, type Storage } from '../../lib/storage';
import type { StoredReportFile } from './report-jobs.service';
import { createReportRunService, type ReportRequest } from './report-run.service';

/**
 * Runs one report job of the jobs centre (docs/decisions/reports.md, Slow reports run as jobs): as its owner
 * sees it when it runs (one who can no longer enter the organisation is refused), with its progress, the file
 * stored and named in the result with the address it downloads from.
 */
export async function runReportJob(
  { db, storage, now }: { db: Db; storage: Storage; now: Date },
  jobId: number,
) {
  const job = await startJobRecord(db, jobId);
  if (!job || job.owner_id === null || job.organisation_id === null) return { skipped: true };
  const organisationId = job.organisation_id;
  try {
    const [u] = await db.select().from(users).where(eq(users.id, job.owner_id));
    const principal: Principal | null = u
      ? { userId: u.id, productAdmin: u.productAdmin, statusId: u.statusId }
      : null;
    if (!principal || !(await can(db, principal, 'enter', organisationId))) {
      throw forbidden('Its owner can no longer see this organisation');
    }
    const org = await loadOrganisationContext(db, organisationId, now);
    const p = job.parameters as unknown as ReportRequest;
    const request: ReportRequest = {
      id: p.id,
      output: p.output,
      asset: p.asset,
      start: p.start,
      end: p.end,
      settings: p.settings ?? {},
    };
    const runner = createReportRunService({ db, storage });
    // The render reports progress without waiting; the writes are chained so that they land in order, and the
    // last is awaited before the final 4 of 4 (on separate connections an earlier write could land after it).
    let written = Promise.resolve();
    const progress = (done: number, total: number) => {
      written = written.then(() => jobProgress(db, jobId, done, total)).catch(() => {});
    };
    const file = await runner.render(principal, org, request, progress);
    await written;
    const key = newStorageKey('reports');
    await storage.putStream(key, file.stream());
    const stored: StoredReportFile = {
      key,
      filename: file.filename,
      contentType: file.contentType,
      size: file.size,
      fingerprint: file.fingerprint,
    };
    await jobProgress(db, jobId, 4, 4);
    await finishJobRecord(
      db,
      jobId,
      { file: stored, download: `/api/data/reporting/reports/runs/${jobId}/file` },
      `Finished: ${file.filename} (${(file.size / 1024).toFixed(0)} KB)`,
    );
    return { jobId, size: file.size };
  } catch (error) {
    return crashedRun(db, jobId, error);
  }
}
