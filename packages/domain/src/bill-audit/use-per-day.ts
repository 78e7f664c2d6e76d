import { days, number, percent, prorated, yearEarlier } from './shared';
import type { Audit } from './types';

/** Default threshold when the meter has no Consumption Alert percentage. */
export const PER_DAY_DEFAULT_PERCENT = 20;

/** Average use a day against the same period last year. */
export const usePerDay: Audit = {
  code: 'use-per-day',
  name: 'Use per day against last year',
  explanation:
    "Compares the average use a day over the invoice with the average a day over the same dates a year earlier, so invoices of different lengths compare fairly. Alerts when it differs by more than the meter's Consumption Alert percentage (20% when none is set). Needs last year's invoices to cover at least 90% of the days.",
  run({ invoice, others, consumptionSetup, meter }) {
    const from = yearEarlier(invoice.dateFrom);
    const till = yearEarlier(invoice.dateTill);
    const last = prorated(others, from, till);
    if (last.coverage < 0.9) return null;
    const before = last.consumption / last.coverage / days({ dateFrom: from, dateTill: till });
    const now = invoice.consumption / days(invoice);
    if (before <= 0) return null;
    const change = ((now - before) / before) * 100;
    const limit = consumptionSetup?.percent ?? PER_DAY_DEFAULT_PERCENT;
    if (Math.abs(change) <= limit) return null;
    return {
      audit: 'use-per-day',
      message: `Use per day ${number(now, 1)} ${meter.unit} is ${percent(change)} ${change > 0 ? 'above' : 'below'} last year's ${number(before, 1)} ${meter.unit} a day`,
    };
  },
};
