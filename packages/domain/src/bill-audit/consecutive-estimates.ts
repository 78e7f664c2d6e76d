import { latestFirst, shown } from './shared';
import type { Audit } from './types';

/** Estimated reads in a row, ending with this invoice, against the organisation's estimatesAlertCount. */
export const consecutiveEstimates: Audit = {
  code: 'consecutive-estimates',
  name: 'Consecutive estimated reads',
  explanation:
    "Counts the estimated reads in a row ending with this invoice. Alerts when they reach the organisation's estimated reads alert count: a meter estimated for months may be misread or inaccessible, and the true-up bill will come.",
  run({ invoice, others, organisation }) {
    const limit = organisation.estimatesAlertCount;
    if (limit === null || limit < 1 || invoice.readType !== 'estimated') return null;
    const run = [];
    for (const i of latestFirst(invoice, others)) {
      if (i.readType !== 'estimated') break;
      run.push(i);
    }
    if (run.length < limit) return null;
    const since = run[run.length - 1]?.dateFrom ?? invoice.dateFrom;
    return {
      audit: 'consecutive-estimates',
      message: `${run.length} estimated reads in a row (since ${shown(since)})`,
    };
  },
};
