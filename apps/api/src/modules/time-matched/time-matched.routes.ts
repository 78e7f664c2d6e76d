import { timeMatchedOperations } from '@verdant/contracts/time-matched';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { TimeMatchedService } from './time-matched.service';

export const timeMatchedRoutes: FastifyPluginAsyncZod<{ service: TimeMatchedService }> = async (
  app,
  { service },
) => {
  registerOperations(app, timeMatchedOperations, {
    series: () => service.list(),
    addSeries: (req) => service.create(callerOf(req), req.body),
    removeSeries: (req) => service.remove(callerOf(req), req.params.id),
    meter: (req) => service.meter(callerOf(req), req.params.id, req.query),
  });
};
