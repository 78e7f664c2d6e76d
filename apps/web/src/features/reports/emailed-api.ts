import { reportsOperations as ops } from '@verdant/contracts/reports';
import type { EmailedReportEdit, NewEmailedReport } from '@verdant/contracts/reports/emailed';
import { call, invalidate, useOperation } from '../../lib/operations';
import { queryClient } from '../../lib/query-client';

/** The emailed reports' calls (data-portal.md 7): list, set up, change, stop, reassign. */

/** The emailed reports of an organisation: the session's, or (product administrators) any other. */
export function useEmailedReports(orgId: number | null) {
  return useOperation(ops.orgEmailedReports, orgId === null ? null : { params: { orgId } });
}

export const useOrganisationAccess = () => useOperation(ops.organisationAccess, {});

export function useReportOwners(enabled: boolean) {
  return useOperation(ops.reportOwners, enabled ? {} : null);
}

const refresh = () => invalidate(queryClient, ops.orgEmailedReports);

/** Sets the report up to be emailed monthly, weekly or once ('Report scheduled'). */
export async function scheduleReport(body: NewEmailedReport) {
  const saved = await call(ops.createEmailed, { body });
  await refresh();
  return saved;
}

export async function updateEmailed(emailId: number, body: EmailedReportEdit) {
  const saved = await call(ops.updateEmailed, { params: { emailId }, body });
  await refresh();
  return saved;
}

export async function deleteEmailed(emailId: number) {
  await call(ops.deleteEmailed, { params: { emailId } });
  await refresh();
}

/** Gives the reports listed (all of `from`'s when none) to `to`. */
export async function reassignReports(from: number, to: number, ids: number[]) {
  const done = await call(ops.reassignReports, { query: { from, to }, body: ids });
  await refresh();
  return done;
}
