import { orgWideUpdatesOperations } from '@verdant/contracts/org-wide-updates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { OrgWideUpdatesService } from './org-wide-updates.service';

export const orgWideUpdatesRoutes: FastifyPluginAsyncZod<{ service: OrgWideUpdatesService }> = async (
  app,
  { service },
) => {
  registerOperations(app, orgWideUpdatesOperations, {
    consumptionAlerts: (req) =>
      service.consumptionAlerts(callerOf(req), req.params.id, req.body, req.query.override === 'true'),
    tariffAlerts: (req) => service.tariffAlerts(callerOf(req), req.params.id, req.body),
    identifiersAsSpecified: (req) => service.identifiers(callerOf(req), req.params.id, req.params.labelId),
    identifiers: (req) => service.identifiers(callerOf(req), req.params.id, req.params.labelId),
    retailersAsSpecified: (req) =>
      service.retailers(callerOf(req), req.params.id, req.params.from, req.params.to),
    retailers: (req) => service.retailers(callerOf(req), req.params.id, req.params.from, req.params.to),
  });
};
