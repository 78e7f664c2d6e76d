import { invoiceTotals, taxBounds } from '../invoices/arithmetic';
import { dollars } from './shared';
import type { Audit } from './types';

export const GST_RATE_PERCENT = 15;

/**
 * GST must be the invoice's percentage (15%) of its taxable items, computed as the invoice page computes it
 * (items GST incl or excl, discount before or after GST): between the floor and the ceiling of the exact cents.
 */
export const gstAudit: Audit = {
  code: 'gst',
  name: 'GST not 15% of the taxable items',
  explanation:
    "Computes the GST of the items that are not tax-exempt the way the invoice states them (items GST inclusive or exclusive, discount before or after GST) and alerts when the invoice's GST is not that amount rounded down or up to the cent.",
  run({ invoice }) {
    if (invoice.items.length === 0) return null;
    const totals = invoiceTotals({
      items: invoice.items.map((i) => ({
        category: i.category ?? 'charge',
        rate: null,
        units: null,
        factor: null,
        repeat: null,
        totalCents: i.totalCents,
        taxExempt: i.taxExempt,
      })),
      itemsIncludeTax: invoice.itemsIncludeTax ?? false,
      discountAfterTax: invoice.discountAfterTax ?? false,
      taxPercentage: invoice.taxPercentage ?? GST_RATE_PERCENT,
      openingBalanceCents: 0,
    });
    const { min, max } = taxBounds(totals.taxExact);
    if (invoice.taxCents >= min && invoice.taxCents <= max) return null;
    const taxable = invoice.items.filter((i) => !i.taxExempt).reduce((sum, i) => sum + i.totalCents, 0);
    return {
      audit: 'gst',
      message: `GST ${dollars(invoice.taxCents)} is not ${invoice.taxPercentage ?? GST_RATE_PERCENT}% of the taxable items ${dollars(taxable)} (expected ${dollars(totals.taxCents)})`,
    };
  },
};
