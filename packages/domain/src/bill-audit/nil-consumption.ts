import { latestFirst, shown } from './shared';
import type { Audit } from './types';

/** Invoices with no consumption in a row, ending with this one, against nillConsumptionAlertCount. */
export const nilConsumption: Audit = {
  code: 'nil-consumption',
  name: 'Nil consumption',
  explanation:
    "Counts the invoices in a row, ending with this one, that bill no consumption. Alerts when they reach the organisation's nil consumption alert count: a supply paying fixed charges for nothing may be one to disconnect, or its meter may have stopped.",
  run({ invoice, others, organisation }) {
    const limit = organisation.nillConsumptionAlertCount;
    if (limit === null || limit < 1 || invoice.consumption !== 0) return null;
    const run = [];
    for (const i of latestFirst(invoice, others)) {
      if (i.consumption !== 0) break;
      run.push(i);
    }
    if (run.length < limit) return null;
    const since = run[run.length - 1]?.dateFrom ?? invoice.dateFrom;
    return {
      audit: 'nil-consumption',
      message: `${run.length} invoices in a row with nil consumption (since ${shown(since)})`,
    };
  },
};
