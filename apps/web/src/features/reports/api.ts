import { reportsOperations as ops, type QueuedRun, queuedRun } from '@verdant/contracts/reports';
import type { EmailReportNow } from '@verdant/contracts/reports/email';
import type { NewFavouriteReport } from '@verdant/contracts/reports/favourites';
import type { RunReport } from '@verdant/contracts/reports/run';
import type { Level } from '@verdant/domain/reports/report-types';
import { OUTPUT_FILES } from '@verdant/domain/reports/report-types';
import { saveFile } from '../../lib/download';
import { call, invalidate, useOperation } from '../../lib/operations';
import { organisationTodayNow } from '../../lib/organisation-today';
import { queryClient } from '../../lib/query-client';
import { useOrganisationId } from '../../lib/session-store';

export function useReports() {
  const orgId = useOrganisationId();
  return useOperation(ops.list, orgId === null ? null : { params: { id: orgId } });
}

export function useReportTags() {
  const orgId = useOrganisationId();
  return useOperation(ops.tags, orgId === null ? null : { params: { id: orgId } });
}

export function useCreationData(reportId: number | null) {
  const orgId = useOrganisationId();
  return useOperation(
    ops.creationData,
    orgId === null || reportId === null ? null : { params: { id: orgId, reportId } },
  );
}

export function useAvailableAssets(reportId: number | null, level: Level | null) {
  const orgId = useOrganisationId();
  return useOperation(
    ops.availableAssets,
    orgId === null || reportId === null || level === null
      ? null
      : { params: { id: orgId, reportId }, query: { level } },
  );
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Runs the report now and hands its file to the browser. */
/**
 * Runs a report now and saves its file; a slow one answers with its job in the jobs centre instead
 * (docs/decisions/reports.md, Slow reports run as jobs), which is returned for the page to say so.
 */
export async function runReport(name: string, body: RunReport): Promise<QueuedRun | null> {
  const file = await call(ops.run, { body });
  // A report is never JSON: a JSON answer is the 202 naming the job.
  if (file.type.startsWith('application/json')) return queuedRun.parse(JSON.parse(await file.text()));
  const when = body.start ? body.start.slice(0, 7) : organisationTodayNow();
  saveFile(file, `${slug(name)}-${when}.${OUTPUT_FILES[body.output].extension}`);
  return null;
}

/** Sets the report up as a favourite ('Report set up!'); the dashboard's list is asked again. */
export async function saveFavourite(body: NewFavouriteReport) {
  const saved = await call(ops.createFavourite, { body });
  await invalidate(queryClient, ops.favourites);
  return saved;
}

/** Emails the report now to the addresses given. */
export const emailReport = (body: EmailReportNow) => call(ops.emailNow, { body });
