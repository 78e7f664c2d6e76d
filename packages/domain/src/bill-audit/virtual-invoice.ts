import { virtualInvoice } from '../rates/virtual-invoice';
import { dollars } from './shared';
import type { Audit, AuditContext } from './types';

/** The virtual invoice of the audited invoice, when the meter has half-hour data and contracted rates. */
export function virtualInvoiceOf({ invoice, rates, halfHour, meter }: AuditContext) {
  if (!rates || !halfHour) return null;
  return virtualInvoice({
    dateFrom: invoice.dateFrom,
    dateTill: invoice.dateTill,
    halfHour,
    rates,
    items: invoice.items,
    kwhPerUnit: meter.kwhPerUnit ?? 1,
  });
}

export const virtualInvoiceAudit: Audit = {
  code: 'virtual-invoice',
  name: 'Invoice against its virtual invoice',
  explanation:
    "Prices the data source's half-hour data over the invoice's days at its contracted rates (the TOU contract's rate for each half hour's time period and day type, or the non-TOU retail and network rates) and compares that with the energy the invoice bills. Alerts when the difference passes the data source's Tariff Alert absolute amount, only when every day has half-hour data and a rate.",
  run(ctx) {
    const threshold = ctx.tariffSetup?.absolute ?? null;
    if (threshold === null) return null;
    const v = virtualInvoiceOf(ctx);
    if (!v?.complete || Math.abs(v.differenceCents) <= threshold * 100) return null;
    const more = v.differenceCents > 0 ? 'more' : 'less';
    return {
      audit: 'virtual-invoice',
      message: `The invoice bills ${dollars(v.billedCents)} for energy; its contracted rates on the half-hour data give ${dollars(v.virtualCents)}: ${dollars(Math.abs(v.differenceCents))} ${more} than the contract (Tariff Alert threshold ${dollars(threshold * 100)})`,
    };
  },
};
