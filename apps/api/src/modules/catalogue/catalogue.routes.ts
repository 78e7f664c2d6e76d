import { catalogueOperations } from '@verdant/contracts/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { CatalogueService } from './catalogue.service';

export const catalogueRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  registerOperations(app, catalogueOperations, {
    energyTypes: (req) => service.energyTypes(callerOf(req)),
    organisationEnergyTypes: (req) => service.organisationEnergyTypes(callerOf(req), req.params.id),
    energyUnits: (req) => service.energyUnits(callerOf(req)),
    unitsOfType: (req) => service.unitsOfType(callerOf(req), req.params.id),
    conversionFactor: (req) =>
      service.conversionFactor(callerOf(req), req.params.energy, req.params.a, req.params.b),
    reportingGroups: (req) => service.reportingGroups(callerOf(req)),
    standardisedUnits: (req) => service.standardisedUnits(callerOf(req)),
    energyTypeTypes: (req) => service.energyTypeTypes(callerOf(req)),
    loadMeasurements: (req) => service.loadMeasurements(callerOf(req)),
    activityGroupings: (req) => service.activityGroupings(callerOf(req)),
    meterLevels: (req) => service.meterLevels(callerOf(req)),
    meterTypes: (req) => service.meterTypes(callerOf(req)),
    retailers: (req) => service.retailers(callerOf(req)),
    meterTypesOf: (req) => service.meterTypesOf(callerOf(req), req.params.id, req.params.level),
  });
};
