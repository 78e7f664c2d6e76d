import { consumptionOperations } from './data-sources/consumption';
import { creationOperations } from './data-sources/creation';
import { distributionOperations } from './data-sources/distribution';
import { dataSourcesListOperations } from './data-sources/list';
import { meterOperations } from './data-sources/meter-operations';
import { notesOperations } from './data-sources/notes';
import { transactionsOperations } from './data-sources/transactions';

/**
 * Data sources (data-portal spec 2.1, 2.2, 5, 6 and 7): the one operations table of the feature, composed of
 * its operation groups, each declared with its schemas in a file of `data-sources/`: the list and its page's
 * actions, creating meters, the data source page, and its Consumption, Configuration, Notes and Transactions
 * tabs.
 */
export const dataSourcesOperations = {
  ...dataSourcesListOperations,
  ...creationOperations,
  ...meterOperations,
  ...consumptionOperations,
  ...distributionOperations,
  ...notesOperations,
  ...transactionsOperations,
};
