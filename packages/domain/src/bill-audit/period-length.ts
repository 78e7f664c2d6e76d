import { days } from './shared';
import type { Audit } from './types';

/** Alert when the period is under half or over one and a half times the meter's usual (median) period. */
export const periodLength: Audit = {
  code: 'period-length',
  name: 'Unusually long or short period',
  explanation:
    "Compares the invoice's number of days with the median of the data source's other invoices (at least three) and alerts when it is under half or over one and a half times as long: a short period may be a partial or duplicate bill, a long one a catch-up bill.",
  run({ invoice, others }) {
    if (others.length < 3) return null;
    const lengths = others.map(days).sort((a, b) => a - b);
    const mid = lengths.length / 2;
    const median =
      lengths.length % 2
        ? (lengths[Math.floor(mid)] ?? 0)
        : ((lengths[mid - 1] ?? 0) + (lengths[mid] ?? 0)) / 2;
    const n = days(invoice);
    if (n >= median * 0.5 && n <= median * 1.5) return null;
    return {
      audit: 'period-length',
      message: `Period of ${n} days is unusually ${n < median ? 'short' : 'long'} (usually ${median} days)`,
    };
  },
};
