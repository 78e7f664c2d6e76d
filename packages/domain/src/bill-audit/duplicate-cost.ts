import { toDayNumber } from '../calendar';
import { dollars, shown } from './shared';
import type { Audit } from './types';

/** A re-issued bill arrives close to the first: its start is within this many days of the other's. */
export const DUPLICATE_COST_WINDOW_DAYS = 92;

/** Another invoice of the meter with the same cost and consumption: a likely duplicate under another number. */
export const duplicateCost: Audit = {
  code: 'duplicate-cost',
  name: 'Duplicate cost',
  explanation:
    'Alerts when another invoice of this data source starting within three months of this one has exactly the same cost before GST and the same consumption: a bill re-issued under a new number or dates is still the same bill.',
  run({ invoice, others }) {
    if (invoice.costCents === 0) return null;
    const start = toDayNumber(invoice.dateFrom);
    const twin = others.find(
      (o) =>
        o.costCents === invoice.costCents &&
        o.consumption === invoice.consumption &&
        Math.abs(toDayNumber(o.dateFrom) - start) <= DUPLICATE_COST_WINDOW_DAYS,
    );
    if (!twin) return null;
    return {
      audit: 'duplicate-cost',
      message: `Same cost ${dollars(invoice.costCents)} and consumption as the invoice for ${shown(twin.dateFrom)} to ${shown(twin.dateTill)}`,
    };
  },
};
