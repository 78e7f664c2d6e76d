import { type InvoiceReportExport, adminReportsOperations as ops } from '@verdant/contracts/admin-reports';
import { saveFile } from '../lib/download';
import { call, useOperation } from '../lib/operations';
import { useOrganisationId } from '../lib/session-store';

/** The report of the data sources named (the data sources list's modal), or of a data type and retailer. */
export type InvoiceReportSource =
  | { kind: 'ids'; ids: number[] }
  | { kind: 'filter'; energy: number | null; retailer: number | null };

/** The Invoice Entry Report's data sources and their gaps (spec: GET or POST /organisations/{id}/invoices-reports). */
export function useInvoiceEntryReport(source: InvoiceReportSource, enabled = true) {
  const orgId = useOrganisationId();
  const ready = enabled && orgId !== null;
  const byIds = useOperation(
    ops.invoiceReportOf,
    ready && source.kind === 'ids' ? { params: { id: orgId }, body: source.ids } : null,
  );
  const byFilter = useOperation(
    ops.invoiceReport,
    ready && source.kind === 'filter'
      ? {
          params: { id: orgId },
          query: { energy: source.energy ?? undefined, retailer: source.retailer ?? undefined },
        }
      : null,
  );
  return source.kind === 'ids' ? byIds : byFilter;
}

/** Downloads the report of a year as CSV. */
export async function downloadInvoiceEntryCsv(orgId: number, body: InvoiceReportExport) {
  const file = await call(ops.invoiceReportCsv, { params: { id: orgId }, body });
  saveFile(file, `invoice-entry-${body.year}.csv`);
}
