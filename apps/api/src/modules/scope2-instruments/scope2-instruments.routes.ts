import { scope2InstrumentsOperations } from '@verdant/contracts/scope2-instruments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { Scope2InstrumentsService } from './scope2-instruments.service';

export const scope2InstrumentsRoutes: FastifyPluginAsyncZod<{ service: Scope2InstrumentsService }> = async (
  app,
  { service },
) => {
  registerOperations(app, scope2InstrumentsOperations, {
    list: (req) => service.list(callerOf(req), req.params.id),
    create: (req) => service.create(callerOf(req), req.params.id, req.body),
    update: (req) => service.update(callerOf(req), req.params.id, req.params.instrumentId, req.body),
    remove: (req) => service.remove(callerOf(req), req.params.id, req.params.instrumentId),
  });
};
