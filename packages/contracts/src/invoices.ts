import { alertsOperations } from './invoices/alerts';
import { entryOperations } from './invoices/entry';
import { filesOperations } from './invoices/files';
import { listOperations, reversalOperations } from './invoices/list';

/**
 * Invoices (data-portal spec 2.2 Invoices tab, 3 and 7): the one operations table of the feature, composed of
 * its operation groups, each declared with its schemas in a file of `invoices/`: entry, the list, reversal,
 * the invoice's files and bill audit's alerts.
 */
export const invoicesOperations = {
  ...entryOperations,
  ...listOperations,
  ...reversalOperations,
  ...filesOperations,
  ...alertsOperations,
};
