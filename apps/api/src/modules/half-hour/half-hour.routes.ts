import { errorResponse, idParam } from '@verdant/contracts/common';
import {
  halfHourAvailability,
  halfHourMonth,
  halfHourMonthParams,
  halfHourMonthQuery,
} from '@verdant/contracts/half-hour';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { HalfHourService } from './half-hour.service';

const base = { tags: ['Half-hour data'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const view = { access: { action: 'view', asset: { meter: 'params.id' } } } as const;

/** The HH Data tab's calls (data-portal 7). */
export const halfHourRoutes: FastifyPluginAsyncZod<{ service: HalfHourService }> = async (
  app,
  { service },
) => {
  app.get(
    '/meters/:id/half-hour-data/availability',
    {
      config: view,
      schema: {
        ...base,
        summary: "The data source's half-hour registers and the months each has data for",
        params: idParam,
        response: { 200: halfHourAvailability, ...errors },
      },
    },
    async (req) => service.availability(callerOf(req), req.params.id),
  );
  app.get(
    '/meters/:id/half-hour-data/:year/:month',
    {
      config: view,
      schema: {
        ...base,
        summary:
          'One month of one register on the local clock, with its statistics (default register: import kWh)',
        params: halfHourMonthParams,
        querystring: halfHourMonthQuery,
        response: { 200: halfHourMonth, ...errors },
      },
    },
    async (req) =>
      service.month(callerOf(req), req.params.id, req.params.year, req.params.month, req.query.register),
  );
};
