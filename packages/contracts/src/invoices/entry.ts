import { DESCRIPTION_MAX } from '@verdant/domain/invoices/arithmetic';
import { toCents } from '@verdant/domain/invoices/money';
import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editing, viewing } from '../access';
import { calendarDate, idNumber, idParam, int4, nameText, okResponse, text } from '../common';
import { defineOperations } from '../operations';
import { halfHourCheck } from './alerts';

/**
 * Invoice entry (docs/decisions/invoices.md; data-portal.md 3 Invoice, Invoice item, Charge group; 4 Invoice
 * editing and save; 7 GET /invoices/get/{id}, PUT /invoices/save, POST /invoices/blank). Money travels as
 * dollars with at most two decimals ('123.45'); the arithmetic runs in integer cents on both sides
 * (packages/domain/src/invoices).
 */

export const MAX_INVOICE_ITEMS = 400;

/** An amount in dollars: digits, an optional minus and at most two decimals. */
export const money = () =>
  text()
    .trim()
    .refine((v) => /^-?\d{0,12}(\.\d*)?$/.test(v) && /\d/.test(v), 'Enter an amount')
    .refine((v) => toCents(v) !== null, MSG.invoiceSubCent);

const finite = () => z.number().finite().min(-1e12).max(1e12);

export const ITEM_CATEGORIES = ['charge', 'sundry', 'discount'] as const;
export const READ_TYPES = ['actual', 'estimated', 'customer'] as const;
export const READ_TYPE_LABELS: Record<(typeof READ_TYPES)[number], string> = {
  actual: 'Actual',
  estimated: 'Estimated',
  customer: 'Customer read',
};

export const invoiceItem = z.object({
  id: int4().nullable().default(null),
  category: z.enum(ITEM_CATEGORIES),
  chargeTypeId: int4(),
  description: text().max(DESCRIPTION_MAX, MSG.invoiceDescriptionLong).nullable().default(null),
  /** The TOU group a charge belongs to (Charge group name). */
  groupName: nameText().trim().max(DESCRIPTION_MAX).nullable().default(null),
  rate: finite().nullable().default(null),
  units: finite().nullable().default(null),
  factor: finite().nullable().default(null),
  repeat: finite().nullable().default(null),
  /** The total as entered when adjusted by hand; null: the calculated total. */
  total: money().nullable().default(null),
  /** Answers only (the server works them out again): the calculated total and its checks. */
  calculatedTotal: text().nullable().default(null),
  actualTotal: text().nullable().default(null),
  observedArithmeticError: z.boolean().default(false),
  wasManuallyAdjusted: z.boolean().default(false),
  taxExempt: z.boolean().default(false),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;
export type InvoiceItemInput = z.input<typeof invoiceItem>;

/** The whole invoice as the page edits and saves it. */
export const invoiceInput = z.object({
  id: int4().positive().nullable().default(null),
  /** The data source the invoice is entered on. */
  meterId: int4().positive(),
  invoiceNumber: text().trim().max(100).nullable().default(null),
  invoiceDate: calendarDate().nullable().default(null),
  dateDue: calendarDate().nullable().default(null),
  dateFrom: calendarDate().nullable().default(null),
  dateTill: calendarDate().nullable().default(null),
  readType: z.enum(READ_TYPES).default('actual'),
  unitId: int4().positive(),
  /** Consumption on this data source, in the unit. */
  consumption: finite().default(0),
  retailerId: int4().positive().nullable().default(null),
  itemTotalsIncludeTax: z.boolean().default(false),
  discountAfterTax: z.boolean().default(false),
  taxPercentage: z.number().min(0).max(100).default(15),
  openingBalance: money().default('0'),
  /** GST and Total Payable as shown (typed once the invoice is edited). */
  taxAmount: money(),
  visibleTotal: money(),
  edited: z.boolean().default(false),
  metaEdited: z.boolean().default(false),
  notes: text().max(2000).nullable().default(null),
  /** Charge group (TOU group) names, in order; each must be unique. */
  chargeGroups: z.array(text().trim().max(DESCRIPTION_MAX)).max(50).default([]),
  items: z
    .array(invoiceItem)
    .max(MAX_INVOICE_ITEMS, MSG.invoiceTooManyItems.replace('{max}', String(MAX_INVOICE_ITEMS))),
  /** True: answer the alerts the save would raise and save nothing. */
  dryRun: z.boolean().default(false),
});
export type InvoiceInput = z.infer<typeof invoiceInput>;
export type InvoiceInputValue = z.input<typeof invoiceInput>;

export const invoiceAlert = z.object({
  id: int4().nullable(),
  details: text(),
  reportStatus: int4().nullable(),
});
export type InvoiceAlert = z.infer<typeof invoiceAlert>;

const option = z.object({ id: int4(), text: text() });
export const chargeTypeOption = z.object({
  id: int4(),
  name: text(),
  category: z.enum(ITEM_CATEGORIES),
  tou: z.boolean(),
  taxExempt: z.boolean(),
  discountable: z.boolean(),
});

/** The invoice page: the invoice and what the page shows around it. */
export const invoicePage = invoiceInput.omit({ dryRun: true }).extend({
  kind: z.enum(['normal', 'reversal', 'replacement', 'decommission']),
  editable: z.boolean(),
  dateEditable: z.boolean(),
  reversed: z.boolean(),
  mayEdit: z.boolean(),
  previousId: int4().nullable(),
  nextId: int4().nullable(),
  organisationName: text(),
  siteId: int4(),
  siteName: text(),
  meterCollectionLabel: text(),
  meterCollectionValue: text().nullable(),
  localNameValue: text(),
  userCodeLabel: text(),
  userCodeValue: text().nullable(),
  billType: text(),
  enteredBy: text().nullable(),
  meterOpen: text().nullable(),
  meterClose: text().nullable(),
  energyUnits: z.array(option),
  retailers: z.array(option),
  availableChargeTypes: z.array(chargeTypeOption),
  alerts: z.array(invoiceAlert),
  /** The original PDF's direct link (spec 3 originalInvoice), when one is attached. */
  originalInvoice: text().nullable().default(null),
  /** The invoice beside the data source's half-hour data, where it has some for the period. */
  halfHourCheck: halfHourCheck.nullable().default(null),
});
export type InvoicePage = z.infer<typeof invoicePage>;

export const saveResult = z.object({
  errors: z.array(text()),
  alerts: z.array(invoiceAlert),
  savedInvoice: z.object({ id: int4() }).nullable(),
});
export type SaveResult = z.infer<typeof saveResult>;

/** POST /invoices/blank: a new invoice's draft, its lines based on an earlier invoice. */
export const blankInput = z.object({
  meter: int4().positive(),
  dateFrom: calendarDate(),
  dateTill: calendarDate(),
  invoiceDate: calendarDate().nullable().default(null),
  /** The invoice whose lines the new one starts from; null: the latest before dateFrom. */
  basedOn: int4().positive().nullable().default(null),
});
export type BlankInput = z.input<typeof blankInput>;

/** GET /meters/{id}/new-invoice-defaults: the dialog's suggestions. */
export const newInvoiceDefaults = z.object({
  meterOpen: text().nullable(),
  meterClose: text().nullable(),
  startDate: text().nullable(),
  endDate: text().nullable(),
  gaps: z.array(z.object({ from: text(), till: text() })),
  previous: z.array(
    z.object({ id: int4(), invoiceNumber: text().nullable(), dateFrom: text(), dateTill: text() }),
  ),
});
export type NewInvoiceDefaults = z.infer<typeof newInvoiceDefaults>;

/** GET /invoices/get/{id}: the data source the invoice is entered on, when it covers several. */
export const invoicePageQuery = z.object({ meter: idNumber().optional() });

/** GET /invoices/info/{id} (data-portal.md 7): the invoice's place among its data source's invoices. */
export const invoiceInfo = z.object({
  previousId: int4().nullable(),
  nextId: int4().nullable(),
  reversed: z.boolean(),
  retailer: text().nullable(),
  invoiceNumber: text().nullable(),
});
export type InvoiceInfo = z.infer<typeof invoiceInfo>;

/**
 * Invoice entry (docs/decisions/invoices.md, Rights on an invoice): an invoice's rights are those on every
 * meter it covers.
 */
export const entryOperations = defineOperations('invoices', {
  invoice: {
    method: 'GET',
    path: '/invoices/get/:id',
    summary: 'One invoice with its items, for the invoice page (not cached)',
    access: viewing({ invoice: 'params.id' }),
    params: idParam,
    query: invoicePageQuery,
    answer: invoicePage,
  },
  info: {
    method: 'GET',
    path: '/invoices/info/:id',
    summary:
      "The invoice's neighbours on its data source (the first it covers unless meter names one), retailer, number",
    access: viewing({ invoice: 'params.id' }),
    params: idParam,
    query: invoicePageQuery,
    answer: invoiceInfo,
  },
  save: {
    method: 'PUT',
    path: '/invoices/save',
    summary: 'Save an invoice after the arithmetic checks; dryRun answers the alerts it would raise',
    access: editing({ meter: 'body.meterId' }),
    body: invoiceInput,
    answer: saveResult,
  },
  remove: {
    method: 'DELETE',
    path: '/invoices/:id',
    summary: 'Delete an invoice',
    access: editing({ invoice: 'params.id' }),
    params: idParam,
    answer: okResponse,
  },
  blank: {
    method: 'POST',
    path: '/invoices/blank',
    summary: "A new invoice's draft, its lines based on the previous invoice (nothing is stored)",
    access: editing({ meter: 'body.meter' }),
    body: blankInput,
    answer: invoicePage,
  },
  newInvoiceDefaults: {
    method: 'GET',
    path: '/meters/:id/new-invoice-defaults',
    summary: "The New Invoice dialog's suggestions: gaps, the next period, the meter's dates",
    access: viewing({ meter: 'params.id' }),
    params: idParam,
    answer: newInvoiceDefaults,
  },
});
