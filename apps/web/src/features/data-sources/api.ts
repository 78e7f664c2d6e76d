import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  alertsReport,
  type BulkActionRequest,
  bulkActionAnswer,
  dataSourceList,
  type MeterDataExportRequest,
} from '@verdant/contracts/data-sources';
import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { pageQuery } from '../../lib/paging';
import { useOrganisationId } from '../../lib/session-store';
import { usePagedList } from '../../lib/use-paged-list';

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

export const dataSourceKeys = {
  all: (orgId: number | null) => ['data-sources', orgId] as const,
};

function listPath(orgId: number, f: DataSourceFilters, offset: number) {
  const { measure, memberOf, month, q, type, measuring, retailer, member } = f;
  const params = pageQuery(
    offset,
    LIST_PAGE_SIZE,
    { sort: String(f.sort), measure, memberOf },
    { month, q, type, measuring, retailer, member },
  );
  return `/organisations/${orgId}/data-sources?${params}`;
}

/** The data sources table, LIST_PAGE_SIZE rows at a time. */
export function useDataSourcesList(filters: DataSourceFilters) {
  const orgId = useOrganisationId();
  return usePagedList(
    [...dataSourceKeys.all(orgId), 'list', filters],
    'rows',
    (offset, signal) => api.get(listPath(orgId ?? 0, filters, offset), { schema: dataSourceList, signal }),
    orgId !== null,
  );
}

export function useBulkAction() {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (body: BulkActionRequest) =>
      api.put('/meters/bulk-action', { body, schema: bulkActionAnswer }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: dataSourceKeys.all(orgId) });
      await client.invalidateQueries({ queryKey: ['data-sources', orgId, 'consumption'] });
    },
  });
}

export async function downloadMeterExport(
  orgId: number,
  body: MeterDataExportRequest,
  format: 'csv' | 'xlsx',
) {
  const file = await api.post<Blob>(`/organisations/${orgId}/meter-data-export?format=${format}`, {
    body,
    blob: true,
  });
  saveFile(file, `meter-data-export-${new Date().toISOString().slice(0, 10)}.${format}`);
}

export const runAlertsReport = (dryRun: boolean) =>
  api.get(`/admin/alerts-report?dryRun=${dryRun}`, { schema: alertsReport });
