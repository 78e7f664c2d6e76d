import type {
  EstimatedReadsRow,
  InvoiceReportExport,
  InvoiceReportMeter,
} from '@verdant/contracts/admin-reports';
import { invoiceReportExport } from '@verdant/contracts/admin-reports';
import type { Db } from '@verdant/db/client';
import { INVOICE_REPORT_MIN_YEAR } from '@verdant/domain/constants';
import { formatDisplayDate } from '@verdant/domain/dates';
import { invoiceGaps } from '@verdant/domain/invoice-list';
import { invoicedPercent, isSparse, meterYear } from '@verdant/domain/invoices/entry-report';
import { fill, MSG } from '@verdant/domain/messages';
import { badRequest } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import { csvText } from '../../lib/spreadsheet';
import type { Caller } from '../../plugins/auth';
import * as q from './admin-reports.queries';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pct = (v: number | null) => (v === null ? '' : v.toFixed(1));

type ReportFilter = { ids: readonly number[] | null; energy: number | null; retailer: number | null };

/**
 * Admin reports on invoices (docs/decisions/admin-reports.md): Estimated Reads and the Invoice Entry Report.
 */
export function createAdminReportsService({ db }: { db: Db }) {
  /** Each data source of the report with its gaps (the invoice list's rule) over its whole life. */
  async function report(a: Caller, organisationId: number, filter: ReportFilter, today: string) {
    const visible = await visibleMetersOf(db, a, organisationId);
    await q.refreshInvoiceRuns(db, organisationId);
    // The periods are read beside the meters, of the meters named or visible (a data type or retailer filter
    // leaves some unused): one round trip less on the page's first call.
    const [meters, periods] = await Promise.all([
      q.invoiceReportMeters(db, organisationId, { ...filter, visible }),
      q.coveredPeriods(db, organisationId, filter.ids ?? visible, today),
    ]);
    const covered = new Map<number, { from: string; till: string }[]>();
    for (const p of periods) {
      const list = covered.get(p.meter_id) ?? [];
      list.push({ from: p.date_from, till: p.date_till });
      covered.set(p.meter_id, list);
    }
    return meters.map((m): InvoiceReportMeter => {
      const spans = covered.get(m.id) ?? [];
      const gaps = invoiceGaps({ meterOpen: m.meter_open, meterClose: m.meter_close, today, covered: spans });
      return {
        meterId: m.id,
        localName: m.local_name,
        siteName: m.site_name,
        energy: m.energy,
        retailer: m.retailer,
        meterOpen: m.meter_open,
        meterClose: m.meter_close,
        gaps: gaps.map((g) => [g.from, g.till] as [string, string]),
        transientMeter: m.transient_meter,
        firstInvoiced: spans.reduce<string | null>((v, s) => (v === null || s.from < v ? s.from : v), null),
        lastInvoiced: spans.reduce<string | null>((v, s) => (v === null || s.till > v ? s.till : v), null),
      };
    });
  }

  return {
    /** GET /organisations/{id}/estimated-reads-report: meters whose latest reads are estimated, oldest run first. */
    async estimatedReads(a: Caller, organisationId: number): Promise<EstimatedReadsRow[]> {
      const visible = await visibleMetersOf(db, a, organisationId);
      const rows = await q.estimatedReads(db, organisationId, visible);
      return rows.map((r) => ({
        meterId: r.meter_id,
        account: r.account,
        localName: r.local_name,
        estimatesSince: r.since,
        estimates: r.estimates,
      }));
    },

    /** GET and POST /organisations/{id}/invoices-reports: the report's data sources and their gaps. */
    async invoiceReport(a: Caller, organisationId: number, filter: ReportFilter) {
      const { today } = orgOf(a);
      return report(a, organisationId, filter, today);
    },

    /** The report of a year as CSV: a row per data source with its months, its share invoiced and gaps. */
    async invoiceReportCsv(a: Caller, organisationId: number, input: InvoiceReportExport) {
      const body = invoiceReportExport.parse(input);
      const { today } = orgOf(a);
      const latest = Number(today.slice(0, 4));
      if (body.year < INVOICE_REPORT_MIN_YEAR || body.year > latest) {
        const message = fill(MSG.invoiceReportYear, { min: INVOICE_REPORT_MIN_YEAR, max: latest });
        throw badRequest(message, { year: [message] });
      }
      const rows = await report(a, organisationId, body, today);
      const header = [
        'Data source',
        'Site',
        'Data type',
        'Retailer',
        'Open date',
        'Close date',
        'Days open',
        'Days invoiced',
        'Days missing',
        'Days awaiting a bill',
        'Invoiced % of days due',
        'Sparse',
        ...MONTHS.map((m) => `${m} invoiced %`),
        'Gaps',
      ];
      const lines = rows.map((r) => {
        const { months, total } = meterYear(r, body.year, today);
        const gaps = r.gaps
          .filter(([from, till]) => till >= `${body.year}-01-01` && from <= `${body.year}-12-31`)
          .map(([from, till]) => `${formatDisplayDate(from)} - ${formatDisplayDate(till)}`);
        return [
          r.localName,
          r.siteName,
          r.energy ?? '',
          r.retailer ?? '',
          r.meterOpen ? formatDisplayDate(r.meterOpen) : '',
          r.meterClose ? formatDisplayDate(r.meterClose) : '',
          total.open,
          total.invoiced,
          total.missing,
          total.awaiting,
          pct(invoicedPercent(total)),
          isSparse(total) ? 'Sparse' : '',
          ...months.map((m) => pct(invoicedPercent(m))),
          gaps.join('; '),
        ];
      });
      return { filename: `invoice-entry-${body.year}.csv`, csv: csvText([header, ...lines]) };
    },
  };
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
