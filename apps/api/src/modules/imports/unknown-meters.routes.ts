import { importsOperations } from '@verdant/contracts/imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { ImportsService } from './imports.service';

/**
 * A refused load's unknown data sources mapped, and the load run again (JSON bodies: beside the upload's routes,
 * whose bodies are handed on unread).
 */
export const unknownMetersRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (
  app,
  { service },
) => {
  const { mapUnknownMeter, rerun } = importsOperations;
  registerOperations(
    app,
    { mapUnknownMeter, rerun },
    {
      mapUnknownMeter: (req) => service.mapUnknown(callerOf(req), req.params.uuid, req.body),
      rerun: (req) => service.rerun(callerOf(req), req.params.uuid),
    },
  );
};
