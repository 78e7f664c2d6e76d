import { entitiesOperations } from '@verdant/contracts/entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { EntitiesService } from './entities.service';
import type { EntityDetailsService } from './entity-details.service';
import type { EntityFiguresService } from './entity-figures.service';

export const entitiesRoutes: FastifyPluginAsyncZod<{
  service: EntitiesService;
  details: EntityDetailsService;
  figures: EntityFiguresService;
}> = async (app, { service, details, figures }) => {
  registerOperations(app, entitiesOperations, {
    list: (req) => service.list(callerOf(req), req.params.id, req.query),
    create: async (req) => ({
      success: true as const,
      data: await service.create(callerOf(req), req.params.id, req.body),
    }),
    facilities: (req) => service.facilities(callerOf(req), req.params.siteId),
    pumpMeters: (req) => service.pumpMeters(callerOf(req), req.params.siteId),
    read: (req) => service.get(callerOf(req), req.params.id),
    update: (req) => service.update(callerOf(req), req.params.id, req.body),
    remove: async (req) => ({
      success: true as const,
      message: await service.remove(callerOf(req), req.params.id),
    }),
    pump: (req) => details.pump(callerOf(req), req.params.id),
    updatePump: (req) => details.updatePump(callerOf(req), req.params.id, req.body),
    usages: (req) => details.usages(callerOf(req), req.params.id),
    updateUsage: (req) => details.updateUsage(callerOf(req), req.params.id, req.params.field, req.body.value),
    updateIndicator: (req) =>
      details.updateIndicator(callerOf(req), req.params.id, req.params.indicatorId, req.body.value),
    wwtp: (req) => details.wwtp(callerOf(req), req.params.id),
    updateWwtp: (req) => details.updateWwtp(callerOf(req), req.params.id, req.body),
    figures: (req) => figures.figures(callerOf(req), req.params.id),
  });
};
