import { errorResponse, idParam } from '@verdant/contracts/common';
import { entityFigures } from '@verdant/contracts/entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { EntityFiguresService } from './entity-figures.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const entityFiguresRoutes: FastifyPluginAsyncZod<{ service: EntityFiguresService }> = async (
  app,
  { service },
) => {
  app.get(
    '/entities/:id/figures',
    {
      config: { access: { action: 'view', asset: { entity: 'params.id' } } },
      schema: {
        tags: ['Entities'],
        security: [{ bearer: [] }],
        summary: "The entity's distributed figures for the twelve months to the last complete one",
        params: idParam,
        response: { 200: entityFigures, ...errors },
      },
    },
    async (req) => service.figures(callerOf(req), req.params.id),
  );
};
