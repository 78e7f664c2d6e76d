import type { MeterDataExportJob, MeterDataExportRequest } from '@verdant/contracts/data-sources/list';
import type { Db } from '@verdant/db/client';
import { exportRowCount } from '@verdant/domain/data-sources';
import { sql } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/job-definition';
import {
  cancelJobRecord,
  cancelWasRequested,
  crashedRun,
  createJobRecord,
  finishJobRecord,
  jobLog,
  jobProgress,
  startJobRecord,
} from '../../jobs/job-records';
import { actingCaller } from '../../lib/acting-caller';
import { forbidden } from '../../lib/errors';
import { loadOrganisationContext } from '../../lib/organisation-context';
import { can } from '../../lib/rights';
import { newStorageKey, type Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import type { MeterExportService } from './meter-export.service';

/**
 * The Meter Data Export in the background (docs/decisions/job-runner.md, Exports): a large export is checked as
 * one made at once would be, then written by a job of the jobs centre, a batch of data sources at a time with
 * its progress, and its file downloaded from the job's page (`GET /tools/jobs/{id}/file`) by whoever may see the
 * job. It runs as its owner sees the organisation when it runs; cancelled, it stops at its next batch.
 */
export const METER_EXPORT_JOB = 'exports.meter-data';

type Format = 'csv' | 'xlsx';
type Parameters = MeterDataExportRequest & { format: Format; rows: number };

export function createMeterExportJobs({
  db,
  jobs,
  exporter,
}: {
  db: Db;
  jobs: JobQueue;
  exporter: MeterExportService;
}) {
  return {
    async start(
      a: Caller,
      organisationId: number,
      body: MeterDataExportRequest,
      format: Format,
    ): Promise<MeterDataExportJob> {
      const meters = await exporter.check(a, organisationId, body);
      const rows = exportRowCount(meters.length, body.ranges);
      const parameters: Parameters = { ...body, assets: meters.map((m) => m.id), format, rows };
      const jobId = await createJobRecord(db, {
        queue: METER_EXPORT_JOB,
        kind: 'export',
        title: `Meter Data Export: ${meters.length.toLocaleString('en-NZ')} data source${meters.length === 1 ? '' : 's'} (${format.toUpperCase()})`,
        ownerId: a.user.id,
        organisationId,
        parameters,
      });
      await jobs.send(METER_EXPORT_JOB, { jobId });
      return {
        jobId,
        message: `The export of ${rows.toLocaleString('en-NZ')} row${rows === 1 ? '' : 's'} is being written in the jobs centre (job ${jobId}); download it there when it has finished.`,
      };
    },
  };
}

/** Runs one background export: its rows a batch at a time, its file stored and offered on the job's page. */
export async function runMeterExportJob(
  { db, storage, exporter, now }: { db: Db; storage: Storage; exporter: MeterExportService; now: Date },
  jobId: number,
) {
  const job = await startJobRecord(db, jobId);
  if (!job || job.owner_id === null || job.organisation_id === null) return { skipped: true };
  const organisationId = job.organisation_id;
  try {
    const org = await loadOrganisationContext(db, organisationId, now);
    const caller = await actingCaller(db, job.owner_id, org, `export job ${jobId}`);
    if (!caller || !(await can(db, caller.principal, 'enter', organisationId))) {
      throw forbidden('Its owner can no longer see this organisation');
    }
    const p = job.parameters as unknown as Parameters;
    const request: MeterDataExportRequest = {
      assets: p.assets,
      data: p.data,
      ranges: p.ranges,
      validationColumns: p.validationColumns,
    };
    let cancelled = false;
    const step = async (done: number, total: number) => {
      await jobProgress(db, jobId, done, total);
      cancelled = await cancelWasRequested(db, jobId);
      return !cancelled;
    };
    await jobProgress(db, jobId, 0, p.assets.length);
    const { stream, done } = await exporter.open(caller, organisationId, request, p.format, step);
    // Kept with the report files and purged with them after 7 days (docs/decisions/reports.md).
    const key = newStorageKey('reports');
    await storage.putStream(key, stream);
    await done;
    if (cancelled) {
      await storage.delete(key).catch(() => {});
      await cancelJobRecord(db, jobId, 'Cancelled: the partial file was thrown away');
      return { cancelled: true };
    }
    const filename = `meter-data-export-${org.today}.${p.format}`;
    await db.execute(sql`update background_jobs set result_file = ${key} where id = ${jobId}`);
    await jobLog(db, jobId, `Wrote ${p.rows.toLocaleString('en-NZ')} rows`);
    await finishJobRecord(
      db,
      jobId,
      { rows: p.rows, dataSources: p.assets.length, downloadName: filename },
      `Finished: ${filename}`,
    );
    return { jobId, rows: p.rows };
  } catch (error) {
    return crashedRun(db, jobId, error);
  }
}
export type MeterExportJobs = ReturnType<typeof createMeterExportJobs>;
