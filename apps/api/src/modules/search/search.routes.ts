import { errorResponse } from '@verdant/contracts/common';
import { searchAnswer, searchQuery } from '@verdant/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { SearchService } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  app.get(
    '/current-user/search',
    {
      config: { access: { role: 'member', organisation: 'session' } },
      schema: {
        tags: ['Asset search'],
        security: [{ bearer: [] }],
        summary: 'Find assets of one type by name (at least 3 characters)',
        querystring: searchQuery,
        response: { 200: searchAnswer, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => ({
      counter: req.query.counter,
      results: await service.search(callerOf(req), req.query.type, req.query.q),
    }),
  );
};
