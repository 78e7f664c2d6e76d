import type { AuditContext, AuditInvoice } from './types';

/** Test fixtures: an invoice and a context with everything off, to change what a test is about. */
let nextId = 1;
export function inv(values: Partial<AuditInvoice> & { dateFrom: string; dateTill: string }): AuditInvoice {
  nextId += 1;
  return {
    id: nextId,
    invoiceNumber: `INV-${nextId}`,
    invoiceDate: values.dateTill,
    dateDue: values.dateTill,
    consumption: 1000,
    costCents: 25_000,
    taxCents: 3_750,
    readType: 'actual',
    items: [],
    ...values,
  };
}

export function ctx(invoice: AuditInvoice, values: Partial<AuditContext> = {}): AuditContext {
  return {
    invoice,
    others: [],
    meter: { hasExport: false, unit: 'kWh', kwhPerUnit: 1 },
    consumptionSetup: null,
    tariffSetup: null,
    baseLoadTrigger: null,
    organisation: { estimatesAlertCount: null, nillConsumptionAlertCount: null },
    halfHour: null,
    ...values,
  };
}

/** Monthly invoices of a year ('yyyy'), each with the consumption and cost given. */
export function year(y: string, consumption = 1000, costCents = 25_000): AuditInvoice[] {
  return Array.from({ length: 12 }, (_, i) => {
    const m = String(i + 1).padStart(2, '0');
    const last = new Date(Date.UTC(Number(y), i + 1, 0)).getUTCDate();
    return inv({ dateFrom: `${y}-${m}-01`, dateTill: `${y}-${m}-${last}`, consumption, costCents });
  });
}
