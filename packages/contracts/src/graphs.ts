import { member } from './access';
import { errorResponse, okResponse } from './common';
import { measuredOperations } from './graphs/measured';
import {
  deleteFavouriteGraph,
  favouriteGraph,
  favouriteGraphSaved,
  favouriteGraphs,
  graphDataAnswer,
  graphDataRequest,
  newFavouriteGraph,
  orgIdParam,
  pieDataAnswer,
  pieDataRequest,
  renameFavouriteGraph,
  splitAnswer,
  splitRequest,
} from './graphs/schemas';
import { defineOperations } from './operations';

/**
 * The graph builder (data-portal.md 2.7, 3 Graph series, 7 Graphs and reports): its schemas, and the one
 * operations table of the feature: the figures, splits and pie, what an asset measures, and the signed-in
 * person's favourite graphs.
 */
export * from './graphs/schemas';

/** The graph calls are reads sent as POST (a graph's definition is too long for a query string). */
const reads = { access: member('params.orgId'), intent: 'reads', params: orgIdParam } as const;
const split = (path: string) =>
  ({
    method: 'POST',
    path: `/organisations/:orgId/graph-data/${path}-for-split`,
    summary: `The ${path} a graph source splits into, each as a series`,
    ...reads,
    body: splitRequest,
    answer: splitAnswer,
  }) as const;

/** A favourite is the person's own: anyone who may enter the organisation keeps their own list. */
const own = { access: member(), answers: { 409: errorResponse } } as const;
const FAVOURITES = '/current-user/favourite-graphs';

export const graphsOperations = defineOperations('graphs', {
  graphData: {
    method: 'POST',
    path: '/organisations/:orgId/graph-data',
    summary: 'Figures of a graph: every series by year and period, from the ledger',
    ...reads,
    body: graphDataRequest,
    answer: graphDataAnswer,
  },
  assetsForSplit: split('assets'),
  dataTypesForSplit: split('data-types'),
  groupsForSplit: split('groups'),
  pieData: {
    method: 'POST',
    path: '/organisations/:orgId/pie-data',
    summary: 'A source split one way and summed over a period (the Breakdown pie)',
    ...reads,
    body: pieDataRequest,
    answer: pieDataAnswer,
  },
  ...measuredOperations,
  favourites: {
    method: 'GET',
    path: FAVOURITES,
    summary: 'My favourite graphs here',
    ...own,
    answer: favouriteGraphs,
  },
  saveFavourite: {
    method: 'POST',
    path: FAVOURITES,
    summary: 'Set a graph as a favourite (the same name replaces)',
    ...own,
    body: newFavouriteGraph,
    answer: favouriteGraphSaved,
  },
  renameFavourite: {
    method: 'PUT',
    path: FAVOURITES,
    summary: 'Rename a favourite graph',
    ...own,
    body: renameFavouriteGraph,
    answer: favouriteGraph,
  },
  deleteFavourite: {
    method: 'DELETE',
    path: FAVOURITES,
    summary: 'Delete a favourite graph',
    ...own,
    body: deleteFavouriteGraph,
    answer: okResponse,
  },
});
