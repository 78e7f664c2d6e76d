import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardOperations } from '@verdant/contracts/dashboard';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { BulkActionRequest, MeterDataExportRequest } from '@verdant/contracts/data-sources/list';
import { saveFile } from '../../lib/download';
import { call, invalidate, usePagedOperation } from '../../lib/operations';
import { organisationTodayNow } from '../../lib/organisation-today';
import { useOrganisationId } from '../../lib/session-store';

export interface DataSourceFilters {
  q: string;
  type: string[];
  measuring: string[];
  retailer: string[];
  memberOf: string;
  member: string[];
  /** Signed column number. */
  sort: number;
  measure: 'cons' | 'cost' | 'co2';
  month: string;
}

/** A filter sent only when set: a non-empty text, or a non-empty list (joined by commas). */
const set = (value: string | string[]) =>
  value.length === 0 ? undefined : Array.isArray(value) ? value.join(',') : value;

/** The data sources table, a page at a time. */
export function useDataSourcesList(f: DataSourceFilters) {
  const orgId = useOrganisationId();
  const query = {
    sort: f.sort,
    measure: f.measure,
    memberOf: f.memberOf,
    month: set(f.month),
    q: set(f.q),
    type: set(f.type),
    measuring: set(f.measuring),
    retailer: set(f.retailer),
    member: set(f.member),
  };
  return usePagedOperation(ops.list, orgId === null ? null : { params: { id: orgId }, query }, 'rows');
}

/** A bulk action; the lists and their month's figures are read again. */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkActionRequest) => call(ops.bulkAction, { body }),
    onSuccess: () => invalidate(client, ops.list, dashboardOperations.dataSourcesConsumption),
  });
}

export async function downloadMeterExport(
  orgId: number,
  body: MeterDataExportRequest,
  format: 'csv' | 'xlsx',
) {
  const file = await call(ops.meterDataExport, { params: { id: orgId }, query: { format }, body });
  saveFile(file, `meter-data-export-${organisationTodayNow()}.${format}`);
}

/** A large export handed to the jobs centre: answers its job. */
export const startMeterExportJob = (orgId: number, body: MeterDataExportRequest, format: 'csv' | 'xlsx') =>
  call(ops.meterDataExportJob, { params: { id: orgId }, query: { format }, body });

export const runAlertsReport = (dryRun: boolean) =>
  call(ops.alertsReport, { query: { dryRun: dryRun ? 'true' : 'false' } });
