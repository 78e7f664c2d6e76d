import { dataLibraryOperations } from '@verdant/contracts/data-library';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { DataLibraryService } from './data-library.service';

export const dataLibraryRoutes: FastifyPluginAsyncZod<{ service: DataLibraryService }> = async (
  app,
  { service },
) => {
  registerOperations(app, dataLibraryOperations, {
    search: (req) => service.search(callerOf(req), req.params),
  });
};
