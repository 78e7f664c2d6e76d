import { days, dollars, percent, prorated, yearEarlier } from './shared';
import type { Audit } from './types';
import { PER_DAY_DEFAULT_PERCENT } from './use-per-day';

/** Average cost a day against the same period last year. */
export const costPerDay: Audit = {
  code: 'cost-per-day',
  name: 'Cost per day against last year',
  explanation:
    "Compares the average cost a day (before GST) over the invoice with the average a day over the same dates a year earlier. Alerts when it differs by more than the meter's Consumption Alert percentage (20% when none is set). Needs last year's invoices to cover at least 90% of the days.",
  run({ invoice, others, consumptionSetup }) {
    const from = yearEarlier(invoice.dateFrom);
    const till = yearEarlier(invoice.dateTill);
    const last = prorated(others, from, till);
    if (last.coverage < 0.9) return null;
    const before = last.costCents / last.coverage / days({ dateFrom: from, dateTill: till });
    const now = invoice.costCents / days(invoice);
    if (before <= 0) return null;
    const change = ((now - before) / before) * 100;
    const limit = consumptionSetup?.percent ?? PER_DAY_DEFAULT_PERCENT;
    if (Math.abs(change) <= limit) return null;
    return {
      audit: 'cost-per-day',
      message: `Cost per day ${dollars(Math.round(now))} is ${percent(change)} ${change > 0 ? 'above' : 'below'} last year's ${dollars(Math.round(before))} a day`,
    };
  },
};
