import { toCents } from '@verdant/domain/invoices/money';
import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editing, viewing } from '../access';
import { calendarDate, idNumber, idParam, int4, int4Param, text } from '../common';
import { defineOperations } from '../operations';

/**
 * A data source's invoice list (data-portal.md 2.3, 3 "Invoice list entry", 7 "GET /meters/{id}/invoices"),
 * the New Invoice dialog's date defaults, and the reversal, replacement and decommission calls (5, 7).
 */

export const INVOICE_LIST_PAGE = 100;

export const invoiceKind = z.enum(['normal', 'reversal', 'replacement', 'decommission']);

export interface InvoiceListEntry {
  id: number;
  kind: z.infer<typeof invoiceKind>;
  invoiceDate: string | null;
  invoiceNumber: string | null;
  dateFrom: string;
  dateTill: string;
  /** For a reversal, replacement or decommission: the first day it reverses. */
  reversalStartDate: string | null;
  /** For a reversed invoice: the days its reversal covers. */
  reversedStartDate: string | null;
  reversedEndDate: string | null;
  reversed: boolean;
  /** Total payable (cost plus GST), dollars. */
  total: number;
  /** This meter's consumption on the invoice, in the meter's unit; null for a cost-only bill. */
  cons: number | null;
  unit: string | null;
  readType: string;
  /** A direct link to the original PDF, or null. */
  pdf: string | null;
  /** The raw data files: name and direct link. */
  raw: { filename: string; url: string }[];
  /** The note bound to the invoice. */
  note: { id: number; text: string } | null;
  alerts: number;
  /** The invoices it replaced or reversed, nested. */
  replaces: InvoiceListEntry[];
}

export const invoiceListEntry: z.ZodType<InvoiceListEntry> = z
  .lazy(() =>
    z.object({
      id: int4(),
      kind: invoiceKind,
      invoiceDate: text().nullable(),
      invoiceNumber: text().nullable(),
      dateFrom: text(),
      dateTill: text(),
      reversalStartDate: text().nullable(),
      reversedStartDate: text().nullable(),
      reversedEndDate: text().nullable(),
      reversed: z.boolean(),
      total: z.number(),
      cons: z.number().nullable(),
      unit: text().nullable(),
      readType: text(),
      pdf: text().nullable(),
      raw: z.array(z.object({ filename: text(), url: text() })),
      note: z.object({ id: int4(), text: text() }).nullable(),
      alerts: int4(),
      replaces: z.array(invoiceListEntry),
    }),
  )
  .meta({ id: 'InvoiceListEntry' });

/** One row of the list: an invoice (with what it replaces), a gap, a note, or a link to another meter's list. */
export const invoiceListRow = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invoice'), invoice: invoiceListEntry }),
  z.object({ type: z.literal('gap'), dateFrom: text(), dateTill: text(), text: text() }),
  z.object({
    type: z.literal('note'),
    id: int4(),
    dateFrom: text(),
    dateTill: text().nullable(),
    text: text(),
  }),
  z.object({
    type: z.literal('link'),
    direction: z.enum(['previous', 'replacement']),
    meterId: int4(),
    name: text(),
    text: text(),
  }),
]);
export type InvoiceListRow = z.infer<typeof invoiceListRow>;

export const invoiceList = z.object({
  rows: z.array(invoiceListRow),
  /** The meter's unit, the heading of the consumption column. */
  unit: text().nullable(),
  /** Top-level invoices in all, and whether more follow the rows sent. */
  count: int4(),
  more: z.boolean(),
  mayEdit: z.boolean(),
});
export type InvoiceList = z.infer<typeof invoiceList>;

export const invoiceListQuery = z.object({
  /** How many top-level invoices to send: 100, 200, ... ('Show Next 100'). */
  limit: int4Param({ min: 1, max: 100_000 }).default(INVOICE_LIST_PAGE),
});

export const invoiceDateDefaults = z.object({
  startDate: text(),
  endDate: text(),
  meterOpen: text().nullable(),
  meterClose: text().nullable(),
  gaps: z.array(z.tuple([text(), text()])),
});
export type InvoiceDateDefaults = z.infer<typeof invoiceDateDefaults>;

// Reversal, replacement and decommission ----------------------------------------------------------------

export const reversalDataQuery = z.object({
  /** The invoice the dialog opened from (its period prefills the form), optional. */
  id: idNumber().optional(),
  /** The unit the consumption is shown in; the meter's by default. */
  unit: idNumber().optional(),
  startDate: calendarDate().optional(),
  endDate: calendarDate().optional(),
});

export const reversalData = z.object({
  reversedConsumption: z.array(
    z.object({
      id: int4(),
      meterNumber: text().nullable(),
      /** The invoices of this meter the period covers. */
      reversals: z.array(int4()),
      reversedConsumption: z.number(),
      chargedConsumption: z.number(),
    }),
  ),
  /** Cost before GST of the covered invoices, dollars. */
  reversedCosts: z.number(),
  unit: z.object({ id: int4(), name: text() }).nullable(),
  energyUnits: z.array(z.object({ id: int4(), name: text() })),
  startDate: text().nullable(),
  endDate: text().nullable(),
});
export type ReversalData = z.infer<typeof reversalData>;

const amount = z.number().finite().min(-1e11).max(1e11);
/** A cost in dollars: to the cent ('Total cannot specify a sub-cent value'). */
const cost = amount.refine((v) => toCents(String(v)) !== null, MSG.invoiceSubCent);
export const reversalRequest = z.object({
  meters: z
    .array(
      z.object({
        meterId: idNumber(),
        reversedConsumption: amount.optional(),
        chargedConsumption: amount,
      }),
    )
    .min(1)
    .max(50),
  collectionId: idNumber().nullable().optional(),
  startDate: calendarDate(),
  endDate: calendarDate(),
  dueDate: calendarDate().nullable().optional(),
  invoiceDate: calendarDate(),
  invoiceNumber: text().trim().min(1, 'You must provide an invoice number').max(100),
  reversedCost: cost.optional(),
  chargedCost: cost,
  unit: idNumber().optional(),
});
export type ReversalRequest = z.infer<typeof reversalRequest>;

export const savedInvoiceAnswer = z.object({ savedInvoice: z.object({ id: int4() }) });

export const meterIdParam = z.object({ id: idNumber() });

/** How many of a data source's latest invoices a note may be bound to from the New Note dialog. */
export const RECENT_INVOICES = 24;

/** `include`: an older invoice of the data source to list as well (the one a note is being added to). */
export const recentInvoicesQuery = z.object({ include: idNumber().optional() });
export const recentInvoice = z.object({
  id: z.number(),
  invoiceNumber: text().nullable(),
  dateFrom: text(),
  dateTill: text(),
  kind: invoiceKind,
  reversed: z.boolean(),
});
export type RecentInvoice = z.infer<typeof recentInvoice>;
export const recentInvoiceList = z.array(recentInvoice);

const view = viewing({ meter: 'params.id' });

/** The data source's Invoices tab: the list, the New Invoice dialog's date defaults and the reversal's data. */
export const listOperations = defineOperations('invoices', {
  list: {
    method: 'GET',
    path: '/meters/:id/invoices',
    summary: "The data source's invoices, nested, with gap, note and link rows",
    access: view,
    params: idParam,
    query: invoiceListQuery,
    answer: invoiceList,
  },
  dateDefaults: {
    method: 'GET',
    path: '/meters/:id/invoice-date-defaults',
    summary: 'Suggested dates for a new invoice, the open and close dates, and the gaps',
    access: view,
    params: idParam,
    answer: invoiceDateDefaults,
  },
  reversalData: {
    method: 'GET',
    path: '/meters/:id/invoices/reversal-data',
    summary: 'What a reversal of a period would reverse: consumption per data source and cost',
    access: view,
    params: idParam,
    query: reversalDataQuery,
    answer: reversalData,
  },
  recentInvoices: {
    method: 'GET',
    path: '/meters/:id/recent-invoices',
    summary: "The data source's latest invoices, newest first: what a note may be bound to",
    access: view,
    params: idParam,
    query: recentInvoicesQuery,
    answer: recentInvoiceList,
  },
});

/** The body names the meters: the caller must edit each, in the organisation they are working in. */
const reversing = editing({ meter: 'body.meters[].meterId' }, { organisation: 'session' });

/** Reversal, replacement and decommission: each saves one invoice that reverses a period. */
export const reversalOperations = defineOperations('invoices', {
  reversal: {
    method: 'POST',
    path: '/invoices/reversal',
    summary: 'New Reversal: reverses the invoices from a start date to past the latest one',
    access: reversing,
    body: reversalRequest,
    answer: savedInvoiceAnswer,
  },
  replacement: {
    method: 'POST',
    path: '/invoices/replacement',
    summary: 'Replace Invoice: replaces whole invoices of the period',
    access: reversing,
    body: reversalRequest,
    answer: savedInvoiceAnswer,
  },
  decommissioning: {
    method: 'POST',
    path: '/invoices/decommissioning',
    summary: 'Decommission: the final invoice; closes the data source on its end',
    access: reversing,
    body: reversalRequest,
    answer: savedInvoiceAnswer,
  },
});
