import { overlapDays, shown } from './shared';
import type { Audit } from './types';

/** Another invoice of the meter covering some of the same days. */
export const overlappingPeriod: Audit = {
  code: 'overlapping-period',
  name: 'Overlapping periods',
  explanation:
    'Alerts when another invoice of this data source covers some of the same days: those days are billed twice unless one invoice reverses the other.',
  run({ invoice, others }) {
    const hits = others
      .map((o) => ({ o, shared: overlapDays(o, invoice.dateFrom, invoice.dateTill) }))
      .filter((h) => h.shared > 0)
      .sort((a, b) => a.o.dateFrom.localeCompare(b.o.dateFrom));
    const first = hits[0];
    if (!first) return null;
    const more = hits.length > 1 ? ` and ${hits.length - 1} more` : '';
    return {
      audit: 'overlapping-period',
      message: `Period overlaps ${first.shared} day${first.shared === 1 ? '' : 's'} with the invoice for ${shown(first.o.dateFrom)} to ${shown(first.o.dateTill)}${more}`,
    };
  },
};
