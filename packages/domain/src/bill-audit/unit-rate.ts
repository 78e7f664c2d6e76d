import { dollars, number, percent, previousInvoice } from './shared';
import type { Audit, AuditInvoice } from './types';

/** Cost before GST per unit of consumption, in cents; null without consumption. */
export const unitRate = (i: AuditInvoice) => (i.consumption > 0 ? i.costCents / i.consumption : null);

/**
 * The unit rate against the previous invoice, by the meter's Tariff Alert set-up: relative is a percent change
 * of the unit rate, rate a change in cents a unit; either raises the alert, as long as the change is worth more
 * than absolute dollars over the invoice's consumption (when set), so small meters stay quiet.
 */
export const unitRateAudit: Audit = {
  code: 'unit-rate',
  name: 'Unit rate against the previous invoice',
  explanation:
    "Divides the cost before GST by the consumption and compares it with the previous invoice's. Alerts as the meter's Tariff Alert set-up says: when the rate moves by more than its relative percentage or by more than its rate change in cents a unit, and the change is worth more than its absolute dollar amount over the invoice's consumption.",
  run({ invoice, others, tariffSetup, meter }) {
    if (!tariffSetup) return null;
    const now = unitRate(invoice);
    const previous = previousInvoice(invoice, others);
    const before = previous ? unitRate(previous) : null;
    if (now === null || before === null || before <= 0) return null;
    const change = now - before;
    const rel = (change / before) * 100;
    const reasons: string[] = [];
    if (tariffSetup.relative !== null && Math.abs(rel) > tariffSetup.relative)
      reasons.push(`${percent(rel)} ${change > 0 ? 'up' : 'down'}`);
    if (tariffSetup.rate !== null && Math.abs(change) > tariffSetup.rate)
      reasons.push(`${number(Math.abs(change), 2)} c ${change > 0 ? 'up' : 'down'}`);
    if (reasons.length === 0) return null;
    const worthCents = Math.abs(change) * invoice.consumption;
    if (tariffSetup.absolute !== null && worthCents <= tariffSetup.absolute * 100) return null;
    return {
      audit: 'unit-rate',
      message: `Unit rate ${number(now, 2)} c/${meter.unit} is ${reasons.join(', ')} on the previous invoice's ${number(before, 2)} c (${dollars(Math.round(worthCents))} over this invoice)`,
    };
  },
};
