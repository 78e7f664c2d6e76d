import { number, percent, previousInvoice } from './shared';
import type { Audit, AuditInvoice } from './types';

/** Cost before GST per unit of consumption, in cents; null without consumption. */
export const unitRate = (i: AuditInvoice) => (i.consumption > 0 ? i.costCents / i.consumption : null);

/** The unit rate against the previous invoice, by the meter's Tariff Alert set-up. */
export const unitRateAudit: Audit = {
  code: 'unit-rate',
  name: 'Unit rate against the previous invoice',
  explanation:
    "Divides the cost before GST by the consumption and compares it with the previous invoice's. Alerts as the meter's Tariff Alert set-up says: when the rate moves by more than its relative percentage or its absolute cents a unit, or rises above its rate in cents a unit.",
  run({ invoice, others, tariffSetup, meter }) {
    if (!tariffSetup) return null;
    const now = unitRate(invoice);
    if (now === null) return null;
    const reasons: string[] = [];
    if (tariffSetup.rate !== null && now > tariffSetup.rate)
      reasons.push(`above the ${number(tariffSetup.rate, 2)} c limit`);
    const previous = previousInvoice(invoice, others);
    const before = previous ? unitRate(previous) : null;
    if (before !== null && before > 0) {
      const change = now - before;
      const rel = (change / before) * 100;
      if (tariffSetup.relative !== null && Math.abs(rel) > tariffSetup.relative)
        reasons.push(`${percent(rel)} ${change > 0 ? 'up' : 'down'} on the previous invoice`);
      else if (tariffSetup.absolute !== null && Math.abs(change) > tariffSetup.absolute)
        reasons.push(
          `${number(Math.abs(change), 2)} c ${change > 0 ? 'up' : 'down'} on the previous invoice`,
        );
    }
    if (reasons.length === 0) return null;
    const was = before === null ? '' : ` (was ${number(before, 2)} c)`;
    return {
      audit: 'unit-rate',
      message: `Unit rate ${number(now, 2)} c/${meter.unit}${was} is ${reasons.join(' and ')}`,
    };
  },
};
