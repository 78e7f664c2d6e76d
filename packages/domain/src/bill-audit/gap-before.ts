import { daysBetween } from '../calendar';
import { dayBefore, previousInvoice, shown } from './shared';
import type { Audit } from './types';

/** Days between the previous invoice's end and this one's start that no invoice covers. */
export const gapBefore: Audit = {
  code: 'gap-before',
  name: 'Gap before this invoice',
  explanation:
    'Alerts when days between the previous invoice and this one are not billed: an invoice may be missing, or the retailer may bill them later.',
  run({ invoice, others }) {
    const previous = previousInvoice(invoice, others);
    if (!previous) return null;
    const last = dayBefore(invoice.dateFrom);
    if (previous.dateTill >= last) return null;
    const from = previous.dateTill < last ? nextDay(previous.dateTill) : last;
    const gap = daysBetween(from, last);
    return {
      audit: 'gap-before',
      message: `${gap} day${gap === 1 ? '' : 's'} not invoiced before this invoice (${shown(from)} to ${shown(last)})`,
    };
  },
};

function nextDay(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
