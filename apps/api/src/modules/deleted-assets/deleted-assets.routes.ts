import { deletedAssetsOperations } from '@verdant/contracts/deleted-assets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { DeletedAssetsService } from './deleted-assets.service';

/** Deleted assets for the product provider: list, restore and purge. */
export const deletedAssetsRoutes: FastifyPluginAsyncZod<{ service: DeletedAssetsService }> = async (
  app,
  { service },
) => {
  registerOperations(app, deletedAssetsOperations, {
    list: (req) => service.list(callerOf(req), req.params.type, req.query),
    restore: (req) => service.restore(callerOf(req), req.params.type, req.params.id),
    purge: (req) => service.purge(callerOf(req), req.params.type, req.params.id),
  });
};
