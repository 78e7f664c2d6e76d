import { searchOperations } from '@verdant/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { SearchService } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  registerOperations(app, searchOperations, {
    find: async (req) => ({
      counter: req.query.counter,
      results: await service.search(callerOf(req), req.query.type, req.query.q),
    }),
    browse: {
      handler: (req) =>
        service.browse(callerOf(req), req.query.type, req.query.offset, req.query.open === 'true'),
      route: { keep: true },
    },
  });
};
