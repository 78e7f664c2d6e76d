import { number } from './shared';
import type { Audit } from './types';

export const negativeConsumption: Audit = {
  code: 'negative-consumption',
  name: 'Negative consumption without export',
  explanation:
    'Alerts when an invoice bills negative consumption on a data source that does not export (no solar or generation): a misread, a swapped register or a credit entered as consumption.',
  run({ invoice, meter }) {
    if (meter.hasExport || invoice.consumption >= 0) return null;
    return {
      audit: 'negative-consumption',
      message: `Negative consumption ${number(invoice.consumption)} ${meter.unit} on a data source without export`,
    };
  },
};
