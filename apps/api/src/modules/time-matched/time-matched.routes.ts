import { errorResponse, idParam, okResponse } from '@verdant/contracts/common';
import {
  gridSeries,
  gridSeriesList,
  newGridSeries,
  seriesParams,
  timeMatched,
  timeMatchedQuery,
} from '@verdant/contracts/time-matched';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { TimeMatchedService } from './time-matched.service';

const base = { tags: ['Time-matched scope 2'], security: [{ bearer: [] }] };
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

export const timeMatchedRoutes: FastifyPluginAsyncZod<{ service: TimeMatchedService }> = async (
  app,
  { service },
) => {
  app.get(
    '/grid-intensity-series',
    {
      config: { access: 'signed-in' },
      schema: {
        ...base,
        summary: 'The grid intensity series (public datasets) and the regions they may cover',
        response: { 200: gridSeriesList, ...errors },
      },
    },
    async () => service.list(),
  );
  app.post(
    '/admin/grid-intensity-series',
    {
      config: { access: 'product-administrator' },
      schema: {
        ...base,
        summary:
          'Loads a grid intensity series from CSV (Start as an ISO instant with offset, kg CO2e per kWh)',
        body: newGridSeries,
        response: { 200: gridSeries, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.body),
  );
  app.delete(
    '/admin/grid-intensity-series/:id',
    {
      config: { access: 'product-administrator' },
      schema: {
        ...base,
        summary: 'Removes a grid intensity series',
        params: seriesParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id),
  );
  app.get(
    '/meters/:id/time-matched-scope2',
    {
      config: { access: { action: 'view', asset: { meter: 'params.id' } } },
      schema: {
        ...base,
        summary:
          "A meter's half-hour electricity priced half-hour by half-hour at its region's grid intensity, beside the annual average, by month (from..to yyyy-MM; default the last twelve complete months)",
        params: idParam,
        querystring: timeMatchedQuery,
        response: { 200: timeMatched, ...errors },
      },
    },
    async (req) => service.meter(callerOf(req), req.params.id, req.query),
  );
};
