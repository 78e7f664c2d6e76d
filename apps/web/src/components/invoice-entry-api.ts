import { useQuery } from '@tanstack/react-query';
import { type InvoiceReportExport, invoiceReportList } from '@verdant/contracts/admin-reports';
import { api } from '../lib/api-client';
import { saveFile } from '../lib/download';
import { useOrganisationId } from '../lib/session-store';

/** The report of the data sources named (the data sources list's modal), or of a data type and retailer. */
export type InvoiceReportSource =
  | { kind: 'ids'; ids: number[] }
  | { kind: 'filter'; energy: number | null; retailer: number | null };

const base = (orgId: number | null) => `/organisations/${orgId ?? 0}/invoices-reports`;

/** The Invoice Entry Report's data sources and their gaps (spec: GET or POST /organisations/{id}/invoices-reports). */
export function useInvoiceEntryReport(source: InvoiceReportSource, enabled = true) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: ['organisation', orgId, 'invoices-reports', source] as const,
    queryFn: ({ signal }) => {
      if (source.kind === 'ids')
        return api.post(base(orgId), { body: source.ids, schema: invoiceReportList, signal });
      const q = new URLSearchParams();
      if (source.energy !== null) q.set('energy', String(source.energy));
      if (source.retailer !== null) q.set('retailer', String(source.retailer));
      const query = q.toString();
      return api.get(`${base(orgId)}${query ? `?${query}` : ''}`, { schema: invoiceReportList, signal });
    },
    enabled: enabled && orgId !== null,
  });
}

/** Downloads the report of a year as CSV. */
export async function downloadInvoiceEntryCsv(orgId: number, body: InvoiceReportExport) {
  const file = await api.post<Blob>(`${base(orgId)}/export`, { body, blob: true });
  saveFile(file, `invoice-entry-${body.year}.csv`);
}
