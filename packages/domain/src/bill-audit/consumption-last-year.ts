import { number, percent, prorated, yearEarlier } from './shared';
import type { Audit, ConsumptionSetup } from './types';

/** Whether a change from `before` to `now` trips a Consumption Alert set-up; both thresholds apply when both are set. */
export function tripsConsumptionSetup(setup: ConsumptionSetup, before: number, now: number): boolean {
  const change = now - before;
  if (setup.differ === 1 && change <= 0) return false;
  if (setup.differ === 2 && change >= 0) return false;
  if (change === 0) return false;
  if (setup.percent === null && setup.absolute === null) return false;
  const pct = before === 0 ? Number.POSITIVE_INFINITY : (Math.abs(change) / Math.abs(before)) * 100;
  if (setup.percent !== null && pct <= setup.percent) return false;
  if (setup.absolute !== null && Math.abs(change) <= setup.absolute) return false;
  return true;
}

/** Consumption against the same period last year, by the meter's Consumption Alert set-up. */
export const consumptionLastYear: Audit = {
  code: 'consumption-last-year',
  name: 'Consumption against last year',
  explanation:
    "Compares the invoice's consumption with the same dates a year earlier (the meter's invoices then, prorated by day) and alerts as the meter's Consumption Alert set-up says: greater than, less than or different by more than its percentage and/or absolute amount. Needs last year's invoices to cover at least 90% of the days.",
  run({ invoice, others, consumptionSetup, meter }) {
    if (!consumptionSetup) return null;
    const last = prorated(others, yearEarlier(invoice.dateFrom), yearEarlier(invoice.dateTill));
    if (last.coverage < 0.9) return null;
    const before = last.consumption / last.coverage;
    if (!tripsConsumptionSetup(consumptionSetup, before, invoice.consumption)) return null;
    const change = invoice.consumption - before;
    const pct = before === 0 ? '' : ` (${percent((change / before) * 100)})`;
    return {
      audit: 'consumption-last-year',
      message: `Consumption ${number(invoice.consumption)} ${meter.unit} is ${number(Math.abs(change))} ${meter.unit}${pct} ${change > 0 ? 'above' : 'below'} the same period last year (${number(before)} ${meter.unit})`,
    };
  },
};
