import { baseLoadKw as baseLoadOf } from '../half-hour/statistics';
import { number, percent, previousInvoice } from './shared';
import type { Audit, HalfHourDay } from './types';

/** Base load in kW over the days given (the half-hour page's definition); null without data. */
export function baseLoadKw(daysOfData: HalfHourDay[]): number | null {
  return baseLoadOf(daysOfData.flatMap((d) => d.kwh));
}

/** Base load over the invoice against the previous invoice's period, by the Base Load Alert set-up. */
export const baseLoad: Audit = {
  code: 'base-load',
  name: 'Base load',
  explanation:
    "Where the meter has half-hour data, takes the base load (the 5th percentile of half-hour demand, what runs all night and all weekend) over the invoice's period and over the previous invoice's, and alerts when it rose by more than the meter's Base Load Alert trigger percentage.",
  run({ invoice, others, halfHour, baseLoadTrigger }) {
    if (baseLoadTrigger === null || !halfHour) return null;
    const previous = previousInvoice(invoice, others);
    if (!previous) return null;
    const within = (from: string, till: string) => halfHour.filter((d) => d.date >= from && d.date <= till);
    const now = baseLoadKw(within(invoice.dateFrom, invoice.dateTill));
    const before = baseLoadKw(within(previous.dateFrom, previous.dateTill));
    if (now === null || before === null || before <= 0) return null;
    const rise = ((now - before) / before) * 100;
    if (rise <= baseLoadTrigger) return null;
    return {
      audit: 'base-load',
      message: `Base load rose ${percent(rise)} to ${number(now, 1)} kW (was ${number(before, 1)} kW on the previous invoice)`,
    };
  },
};
