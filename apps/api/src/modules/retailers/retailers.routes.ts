import { retailersOperations } from '@verdant/contracts/retailers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { RetailersService } from './retailers.service';

export const retailersRoutes: FastifyPluginAsyncZod<{ service: RetailersService }> = async (
  app,
  { service },
) => {
  registerOperations(app, retailersOperations, {
    list: () => service.list(),
    create: (req) => service.create(callerOf(req), req.body),
    update: (req) => service.edit(callerOf(req), req.body),
    overrides: (req) => service.overrides(req.params.id, req.params.typeId),
    addOverride: (req) => service.add(callerOf(req), req.params.id, req.params.typeId, req.body),
    replaceOverrides: (req) => service.replace(callerOf(req), req.params.id, req.params.typeId, req.body),
    updateOverride: (req) =>
      service.update(callerOf(req), req.params.id, req.params.typeId, req.params.mappingId, req.body),
  });
};
