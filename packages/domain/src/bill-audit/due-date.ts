import { shown } from './shared';
import type { Audit } from './types';

export const dueDate: Audit = {
  code: 'due-date',
  name: 'Due date before invoice date',
  explanation:
    'Alerts when the due date is earlier than the invoice date: one of the two dates was entered wrongly.',
  run({ invoice }) {
    if (!invoice.dateDue || !invoice.invoiceDate || invoice.dateDue >= invoice.invoiceDate) return null;
    return {
      audit: 'due-date',
      message: `Due date ${shown(invoice.dateDue)} is before the invoice date ${shown(invoice.invoiceDate)}`,
    };
  },
};
