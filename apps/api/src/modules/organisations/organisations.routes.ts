import { organisationsOperations } from '@verdant/contracts/organisations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { OrganisationsService } from './organisations.service';

export const organisationsRoutes: FastifyPluginAsyncZod<{ service: OrganisationsService }> = async (
  app,
  { service },
) => {
  registerOperations(app, organisationsOperations, {
    create: (req) => service.create(callerOf(req), req.body),
    read: (req) => service.get(callerOf(req), req.params.id),
    update: (req) => service.update(callerOf(req), req.params.id, req.body),
    ledgerStatus: (req) => service.ledgerStatus(callerOf(req), req.params.id),
    saveSetting: (req) => service.saveSetting(callerOf(req), req.params.id, req.body),
    saveTarget: (req) => service.saveTarget(callerOf(req), req.params.id, req.body),
    enable: (req) => service.setEnabled(callerOf(req), req.params.id, true),
    disable: (req) => service.setEnabled(callerOf(req), req.params.id, false),
    factorSources: (req) => service.factorSources(callerOf(req), req.params.id),
    expiries: (req) => service.listExpiries(callerOf(req), req.params.id),
    addExpiry: (req) => service.addExpiry(callerOf(req), req.params.id, req.body),
    updateExpiry: (req) => service.updateExpiry(callerOf(req), req.params.id, req.params.expiryId, req.body),
    deleteExpiry: (req) => service.deleteExpiry(callerOf(req), req.params.id, req.params.expiryId),
    siteList: (req) => service.siteList(callerOf(req), req.params.id, req.params.measure, req.params.month),
    emissionsList: (req) => service.emissionsList(callerOf(req), req.params.id, req.params.month),
    siteAlerts: (req) => service.siteAlerts(callerOf(req), req.params.id),
  });
};
