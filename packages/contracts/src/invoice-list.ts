import { toCents } from '@verdant/domain/invoices/money';
import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editing, viewing } from './access';
import { calendarDate, idNumber, idParam, int4, int4Param, nameText, text } from './common';
import { defineOperations } from './operations';

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

// Original PDF and raw data files ------------------------------------------------------------------------

export const rawDataUrlRequest = z.object({
  filename: nameText().trim().min(1).max(255),
  contentType: text().trim().min(1).max(200),
  length: int4().min(1),
});
export const rawDataUrlAnswer = z.object({
  /** PUT the bytes here (with the storage-class header). */
  uploadURL: text(),
  /** Reads the file once it is uploaded. */
  downloadURL: text(),
  /** The storage class to send: STANDARD_IA below 128000 bytes, else INTELLIGENT_TIERING. */
  storageClass: text(),
});
export const originalLinkRequest = z.object({
  /** The existing file to link: 'files/{id}' (or the id) of a PDF of the organisation. */
  folder: text().trim().min(1).max(300),
});
export const originalLinkAnswer = z.object({ success: z.literal(true), pdf: text() });
export const invoiceFileParams = z.object({
  token: text().max(200),
  invoiceId: idNumber(),
  key: text().max(64),
});
export const invoiceUploadQuery = z.object({
  name: nameText().max(255),
  type: text().max(200),
  size: int4Param({ min: 1 }),
  by: idNumber(),
  org: idNumber(),
});
export const uploadAnswer = z.object({ success: z.literal(true), fileId: int4() });

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

export const invoiceListOperations = defineOperations('invoice-list', {
  recentInvoices: {
    method: 'GET',
    path: '/meters/:id/recent-invoices',
    summary: "The data source's latest invoices, newest first: what a note may be bound to",
    access: viewing({ meter: 'params.id' }),
    params: idParam,
    query: recentInvoicesQuery,
    answer: recentInvoiceList,
  },
});

/** Where a PDF that could be an invoice's original is kept. */
export const linkOptionSource = z.enum(['this invoice', 'another invoice', 'data source', 'organisation']);
/** An existing PDF an editor may link as the invoice's original: its `folder` is what the link call takes. */
export const linkOption = z.object({
  folder: text(),
  filename: text(),
  source: linkOptionSource,
  /** The invoice it is attached to, when it is another invoice's file. */
  invoiceNumber: text().nullable(),
  uploaded: text(),
});
export type LinkOption = z.infer<typeof linkOption>;
export const linkOptionList = z.array(linkOption);

export const invoiceFilesOperations = defineOperations('invoice-files', {
  linkOptions: {
    method: 'GET',
    path: '/invoices/:id/link-options',
    summary: "PDFs already in the portal that could be the invoice's original (PUT original-link takes one)",
    access: editing({ invoice: 'params.id' }),
    params: idParam,
    answer: linkOptionList,
  },
  linkOriginal: {
    method: 'PUT',
    path: '/invoices/:id/original-link',
    summary: "Links one of the link options (a PDF already in the portal) as the invoice's original",
    access: editing({ invoice: 'params.id' }),
    params: idParam,
    body: originalLinkRequest,
    answer: originalLinkAnswer,
  },
});
