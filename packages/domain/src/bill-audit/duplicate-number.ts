import { shown } from './shared';
import type { Audit } from './types';

const key = (n: string | null) => (n ?? '').trim().toLowerCase().replace(/\s+/g, '');

/** Another invoice of the meter with the same invoice number. */
export const duplicateNumber: Audit = {
  code: 'duplicate-number',
  name: 'Duplicate invoice number',
  explanation:
    'Alerts when another invoice of this data source has the same invoice number (ignoring case and spaces): the same bill entered or imported twice is paid twice.',
  run({ invoice, others }) {
    const k = key(invoice.invoiceNumber);
    if (!k) return null;
    const twin = others.find((o) => key(o.invoiceNumber) === k);
    if (!twin) return null;
    return {
      audit: 'duplicate-number',
      message: `Invoice number ${invoice.invoiceNumber?.trim()} is also on the invoice for ${shown(twin.dateFrom)} to ${shown(twin.dateTill)}`,
    };
  },
};
