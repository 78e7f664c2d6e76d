import { dollars } from './shared';
import type { Audit } from './types';

export const GST_RATE_PERCENT = 15;

/** GST must be 15 % of the taxable items: between the floor and the ceiling of the exact cents. */
export const gstAudit: Audit = {
  code: 'gst',
  name: 'GST not 15% of the taxable items',
  explanation:
    'Takes 15% of the items that are not tax-exempt and alerts when the GST on the invoice is not that amount rounded down or up to the cent.',
  run({ invoice }) {
    if (invoice.items.length === 0) return null;
    const taxable = invoice.items.filter((i) => !i.taxExempt).reduce((sum, i) => sum + i.totalCents, 0);
    const exact = (taxable * GST_RATE_PERCENT) / 100;
    if (invoice.taxCents >= Math.floor(exact) && invoice.taxCents <= Math.ceil(exact)) return null;
    return {
      audit: 'gst',
      message: `GST ${dollars(invoice.taxCents)} is not 15% of the taxable items ${dollars(taxable)} (expected ${dollars(Math.round(exact))})`,
    };
  },
};
