import { errorResponse } from '@verdant/contracts/common';
import { meterDetail, meterGraphData, meterGraphParams, meterIdParam } from '@verdant/contracts/meters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { MetersService } from './meters.service';

const base = { tags: ['Data sources'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const view = { access: { action: 'view', asset: { meter: 'params.id' } } } as const;

export const metersRoutes: FastifyPluginAsyncZod<{ service: MetersService }> = async (app, { service }) => {
  app.get(
    '/meters/:id',
    {
      config: view,
      schema: {
        ...base,
        summary: 'The data source',
        params: meterIdParam,
        response: { 200: meterDetail, ...errors },
      },
    },
    async (req) => service.read(callerOf(req), req.params.id),
  );

  app.get(
    '/meters/:id/asset-graph-data/v2/:type/:year/year-end/:month',
    {
      config: view,
      schema: {
        ...base,
        summary:
          'The twelve months of a year ending in year-month against the year before, in the meter unit',
        params: meterGraphParams,
        response: { 200: meterGraphData, ...errors },
      },
    },
    async (req) =>
      service.graph(callerOf(req), req.params.id, req.params.type, req.params.year, req.params.month),
  );
};
