import { AUDIT_CODES } from '@verdant/domain/bill-audit/types';
import { z } from 'zod';
import { administrator, editing, viewing } from '../access';
import { calendarDate, idParam, int4, text } from '../common';
import { defineOperations } from '../operations';

/** reportStatus of an invoice alert (data-portal spec 3). */
export const REPORT_STATUS = { unreviewed: 1, wontSend: 2, scheduled: 3, sent: 4 } as const;
export const REPORT_STATUS_LABELS: Record<number, string> = {
  1: 'Unreviewed',
  2: "Won't Send",
  3: 'Scheduled for send',
  4: 'Sent',
};

/** An invoice alert (spec 3: id, meterId, details, reportStatus), with the invoice and the audit that raised it. */
export const invoiceAlert = z.object({
  /** Null in a dry run: the alert is not stored. */
  id: z.number().nullable(),
  meterId: z.number(),
  invoiceId: z.number(),
  audit: z.enum(AUDIT_CODES),
  /** The audit's name, e.g. 'Duplicate invoice number'. */
  name: text(),
  details: text(),
  reportStatus: int4().min(1).max(4),
});
export type InvoiceAlert = z.infer<typeof invoiceAlert>;
export const invoiceAlertList = z.array(invoiceAlert);

/**
 * The half-hour reconciliation of an invoice on one data source (docs/decisions/invoices.md, Half-hour check
 * on the invoice page), on the invoice page's answer as `halfHourCheck`: the half-hour kWh over the invoice's
 * days (import register 0) beside the billed kWh. `kwhPerUnit` turns the invoice's consumption (in `unitId`)
 * into kWh, so the page can compare again as the consumption is typed; the period and unit it was taken for
 * are named.
 */
export const halfHourCheck = z.object({
  dateFrom: calendarDate(),
  dateTill: calendarDate(),
  unitId: int4(),
  kwhPerUnit: z.number(),
  billedKwh: z.number(),
  halfHourKwh: z.number(),
  differencePercent: z.number().nullable(),
  tolerancePercent: z.number(),
  withinTolerance: z.boolean(),
  /** Days of the period with no half-hour data or fewer than 48 readings, 'yyyy-MM-dd'. */
  missingDays: z.array(calendarDate()),
  daysInPeriod: z.number(),
});
export type HalfHourCheck = z.infer<typeof halfHourCheck>;

/** POST /organisations/{id}/invoice-alerts/evaluate answer: the job was queued. */
export const evaluateAnswer = z.object({ success: z.literal(true), message: text() });

const cents = int4();

/**
 * One line of a virtual invoice (docs/decisions/bill-audit.md, The virtual invoice): the contracted rates on
 * the half-hour data beside the bill.
 */
export const virtualInvoiceLine = z.object({
  label: text(),
  kind: z.enum(['energy', 'network']),
  /** Half-hour kWh at the contracted rates (rate: cents per kWh); null when no half-hour data falls to it. */
  virtual: z.object({ kwh: z.number(), rate: z.number(), cents }).nullable(),
  /** The billed line (rate: cents per kWh); null when the invoice bills nothing for it. */
  billed: z.object({ kwh: z.number(), rate: z.number().nullable(), cents }).nullable(),
  /** Billed minus virtual. */
  differenceCents: cents,
});

/** GET /invoices/{id}/virtual-invoice: for each data source of the invoice with half-hour data and contracted rates. */
export const virtualInvoiceOfMeter = z.object({
  meterId: z.number(),
  meterName: text(),
  source: z.enum(['TOU', 'NHH']),
  contractName: text().nullable(),
  lines: z.array(virtualInvoiceLine),
  virtualCents: cents,
  billedCents: cents,
  /** Billed minus virtual: positive when the invoice asks more than the contract. */
  differenceCents: cents,
  halfHourKwh: z.number(),
  daysInPeriod: z.number(),
  missingDays: z.array(text()),
  unpricedDays: z.array(text()),
  complete: z.boolean(),
  /** The data source's Tariff Alert absolute amount in dollars; null when not set. */
  thresholdDollars: z.number().nullable(),
  /** The difference passes the threshold on complete data: the bill audit raises a tariff alert. */
  alert: z.boolean(),
});
export type VirtualInvoiceOfMeter = z.infer<typeof virtualInvoiceOfMeter>;
export const virtualInvoiceAnswer = z.object({ meters: z.array(virtualInvoiceOfMeter) });
export type VirtualInvoiceAnswer = z.infer<typeof virtualInvoiceAnswer>;

/** Bill audit: the data source's invoice alerts, resetting one, the virtual invoice, and auditing again. */
export const alertsOperations = defineOperations('invoices', {
  alerts: {
    method: 'GET',
    path: '/meters/:id/invoice-alerts',
    summary: "The data source's invoice alerts (bill audit) in every reportStatus, newest invoice first",
    access: viewing({ meter: 'params.id' }),
    params: idParam,
    answer: invoiceAlertList,
  },
  resetAlert: {
    method: 'POST',
    path: '/invoices/alerts/:id/reset',
    summary: "Resets a Won't Send or Scheduled invoice alert to Unreviewed; answers the updated alert",
    // The alert's data source is checked by the service (edit rights on it, in the session's organisation).
    access: editing({ invoiceAlert: 'params.id' }, { organisation: 'session' }),
    params: idParam,
    answer: invoiceAlert,
  },
  virtualInvoice: {
    method: 'GET',
    path: '/invoices/:id/virtual-invoice',
    summary:
      'What the invoice should have been: the contracted TOU or NHH rates on the half-hour data, line beside line with the bill',
    access: viewing({ invoice: 'params.id' }),
    params: idParam,
    answer: virtualInvoiceAnswer,
  },
  evaluate: {
    method: 'POST',
    path: '/organisations/:id/invoice-alerts/evaluate',
    summary: "Queues the bill audit of the organisation's invoices of the last year (a background job)",
    access: administrator('params.id'),
    params: idParam,
    answer: evaluateAnswer,
  },
});
