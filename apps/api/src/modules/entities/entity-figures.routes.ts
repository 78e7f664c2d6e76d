import { idParam } from '@verdant/contracts/common';
import { entityFigures } from '@verdant/contracts/entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onAsset, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { EntityFiguresService } from './entity-figures.service';

const errors = REQUEST_ERRORS;

export const entityFiguresRoutes: FastifyPluginAsyncZod<{ service: EntityFiguresService }> = async (
  app,
  { service },
) => {
  app.get(
    '/entities/:id/figures',
    {
      config: onAsset('view', 'entity'),
      schema: {
        ...signedInDocs('Entities'),
        summary: "The entity's distributed figures for the twelve months to the last complete one",
        params: idParam,
        response: { 200: entityFigures, ...errors },
      },
    },
    async (req) => service.figures(callerOf(req), req.params.id),
  );
};
