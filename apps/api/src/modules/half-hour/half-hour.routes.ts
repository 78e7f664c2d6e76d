import { halfHourOperations } from '@verdant/contracts/half-hour';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { HalfHourService } from './half-hour.service';

/** The HH Data tab's calls (data-portal 7). */
export const halfHourRoutes: FastifyPluginAsyncZod<{ service: HalfHourService }> = async (
  app,
  { service },
) => {
  registerOperations(app, halfHourOperations, {
    availability: (req) => service.availability(callerOf(req), req.params.id),
    month: (req) =>
      service.month(callerOf(req), req.params.id, req.params.year, req.params.month, req.query.register),
  });
};
