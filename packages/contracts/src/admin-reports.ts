import { z } from 'zod';
import { member } from './access';
import { idNumber, idParam, int4, storedDate, storedText, text } from './common';
import { defineOperations } from './operations';

/** Estimated Reads report row (data-portal spec 3): Account, Local Name, Estimates Since. */
export const estimatedReadsRow = z.object({
  meterId: z.number(),
  account: text().nullable(),
  localName: text(),
  /** The start of the run of estimated reads that the latest invoice ends, 'yyyy-MM-dd'. */
  estimatesSince: text(),
  /** Estimated invoices in that run. */
  estimates: z.number(),
});
export type EstimatedReadsRow = z.infer<typeof estimatedReadsRow>;
export const estimatedReadsReport = z.array(estimatedReadsRow);

/*
 * The answer's text and dates are `storedText()` and `storedDate()`: they come from PostgreSQL or from the gaps worked
 * out from its dates, and on a report of every data source `text()`'s and `calendarDate()`'s checks were most of the
 * answer's encoding. The object still keeps only its named keys.
 */

/**
 * The Invoice Entry Report per data source (data-portal spec 3: meterId, meterOpen, meterClose, gaps as pairs of
 * dates, transientMeter), with what the report shows it by: its name, site, data type and retailer, and the
 * first and last day its invoices cover (the report works out the days awaiting a bill from them).
 */
export const invoiceReportMeter = z.object({
  meterId: z.number(),
  localName: storedText(),
  siteName: storedText(),
  energy: storedText().nullable(),
  retailer: storedText().nullable(),
  meterOpen: storedDate().nullable(),
  meterClose: storedDate().nullable(),
  gaps: z.array(z.tuple([storedDate(), storedDate()])),
  transientMeter: z.boolean(),
  firstInvoiced: storedDate().nullable(),
  lastInvoiced: storedDate().nullable(),
});
export type InvoiceReportMeter = z.infer<typeof invoiceReportMeter>;
export const invoiceReportList = z.array(invoiceReportMeter);

/** POST /organisations/{id}/invoices-reports: the data sources to report on (a list of ids). */
export const INVOICE_REPORT_MAX_IDS = 5000;
export const invoiceReportIds = z.array(int4().positive()).max(INVOICE_REPORT_MAX_IDS);

/** GET /organisations/{id}/invoices-reports: optional data type (energy) and retailer. */
export const invoiceReportQuery = z.object({
  energy: idNumber().optional(),
  retailer: idNumber().optional(),
});

/** The report as a CSV file for a year: the data sources named, else those of the data type and retailer. */
export const invoiceReportExport = z.object({
  year: int4(),
  ids: invoiceReportIds.nullable().default(null),
  energy: int4().positive().nullable().default(null),
  retailer: int4().positive().nullable().default(null),
});
export type InvoiceReportExport = z.input<typeof invoiceReportExport>;

const members = { access: member('params.id'), params: idParam } as const;

/** The organisation's reports (data-portal.md 2.9, 3): Estimated Reads and the Invoice Entry Report. */
export const adminReportsOperations = defineOperations('admin-reports', {
  estimatedReads: {
    method: 'GET',
    path: '/organisations/:id/estimated-reads-report',
    summary: 'Estimated Reads: data sources whose latest invoices are estimated reads, and since when',
    ...members,
    answer: estimatedReadsReport,
  },
  invoiceReport: {
    method: 'GET',
    path: '/organisations/:id/invoices-reports',
    summary:
      'Invoice Entry Report: every data source in the report (of a data type, of a retailer) and its gaps',
    ...members,
    query: invoiceReportQuery,
    answer: invoiceReportList,
  },
  invoiceReportOf: {
    method: 'POST',
    path: '/organisations/:id/invoices-reports',
    summary: 'Invoice Entry Report of the data sources named (a list of ids) and their gaps',
    ...members,
    body: invoiceReportIds,
    answer: invoiceReportList,
  },
  invoiceReportCsv: {
    method: 'POST',
    path: '/organisations/:id/invoices-reports/export',
    summary:
      'The Invoice Entry Report of a year as CSV: the data sources named, else by data type and retailer',
    ...members,
    body: invoiceReportExport,
    answer: 'file',
  },
});
