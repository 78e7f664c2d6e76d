import type { Access } from '@verdant/contracts/access';
import { errorResponse, idParam } from '@verdant/contracts/common';
import {
  ASSET_KIND_PATHS,
  graphDataAnswer,
  graphDataRequest,
  orgIdParam,
  pieDataAnswer,
  pieDataRequest,
  quantitiesMeasured,
  SPLIT_PATHS,
  splitAnswer,
  splitRequest,
} from '@verdant/contracts/graphs';
import type { GraphAssetType, SplitKind } from '@verdant/domain/graphs/series';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { GraphsService } from './graphs.service';

const base = { tags: ['Graphs'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
/** The graph calls are reads sent as POST (a graph's definition is too long for a query string). */
const member = { access: { role: 'member', organisation: 'params.orgId' }, intent: 'reads' } as const;

/** Who may ask what an asset measures: anyone who may see it (groups: members of the session's organisation). */
const ACCESS_OF: Record<GraphAssetType, Access> = {
  organisation: { role: 'member', organisation: 'params.id' },
  'site-group': { role: 'member', organisation: 'session' },
  'meter-group': { role: 'member', organisation: 'session' },
  site: { action: 'view', asset: { site: 'params.id' } },
  entity: { action: 'view', asset: { entity: 'params.id' } },
  meter: { action: 'view', asset: { meter: 'params.id' } },
  vehicle: { action: 'view', asset: { vehicle: 'params.id' } },
};

export const graphsRoutes: FastifyPluginAsyncZod<{ service: GraphsService }> = async (app, { service }) => {
  app.post(
    '/organisations/:orgId/graph-data',
    {
      config: member,
      schema: {
        ...base,
        summary: 'Figures of a graph: every series by year and period, from the ledger',
        params: orgIdParam,
        body: graphDataRequest,
        response: { 200: graphDataAnswer, ...errors },
      },
    },
    async (req) => service.graphData(callerOf(req), req.params.orgId, req.body),
  );

  for (const [kind, path] of Object.entries(SPLIT_PATHS) as [SplitKind, string][]) {
    app.post(
      `/organisations/:orgId/graph-data/${path}-for-split`,
      {
        config: member,
        schema: {
          ...base,
          summary: `The ${path} a graph source splits into, each as a series`,
          params: orgIdParam,
          body: splitRequest,
          response: { 200: splitAnswer, ...errors },
        },
      },
      async (req) => service.split(callerOf(req), req.params.orgId, req.body.series, kind),
    );
  }

  app.post(
    '/organisations/:orgId/pie-data',
    {
      config: member,
      schema: {
        ...base,
        summary: 'A source split one way and summed over a period (the Breakdown pie)',
        params: orgIdParam,
        body: pieDataRequest,
        response: { 200: pieDataAnswer, ...errors },
      },
    },
    async (req) => service.pieData(callerOf(req), req.params.orgId, req.body),
  );

  for (const [type, path] of Object.entries(ASSET_KIND_PATHS) as [GraphAssetType, string][]) {
    for (const units of [false, true]) {
      app.get(
        `/${path}/:id/${units ? 'stdunits' : 'quantities'}-measured`,
        {
          config: { access: ACCESS_OF[type] },
          schema: {
            ...base,
            summary: units
              ? `The standard units the ${type}'s data sources measure`
              : `What can be graphed for the ${type}: totals, scopes and each data type measured`,
            params: idParam,
            response: { 200: quantitiesMeasured, ...errors },
          },
        },
        async (req) => service.measured(callerOf(req), { type, id: req.params.id }, units),
      );
    }
  }
};
