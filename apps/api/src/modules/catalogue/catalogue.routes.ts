import { catalogueOperations } from '@verdant/contracts/catalogue';
import { catalogueAdminOperations } from '@verdant/contracts/catalogue-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import { activitiesCsv } from './activities-csv';
import type { CatalogueService } from './catalogue.service';
import type { CatalogueAdminService } from './catalogue-admin.service';
import type { CatalogueFactorsService } from './catalogue-factors.service';

export const catalogueRoutes: FastifyPluginAsyncZod<{
  service: CatalogueService;
  admin: CatalogueAdminService;
  factors: CatalogueFactorsService;
}> = async (app, { service, admin, factors }) => {
  registerOperations(app, catalogueOperations, {
    energyTypes: { handler: (req) => service.energyTypes(callerOf(req)), route: { keep: true } },
    organisationEnergyTypes: (req) => service.organisationEnergyTypes(callerOf(req), req.params.id),
    energiesMeasured: (req) => service.energiesMeasured(callerOf(req), req.params.id),
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
  registerOperations(app, catalogueAdminOperations, {
    adminEnergyTypes: () => admin.list(),
    activitiesCsv: async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activities.csv"')
        .send(activitiesCsv(await admin.list())),
    createDataType: (req) => admin.create(callerOf(req), req.body),
    createUnit: (req) => admin.createUnit(callerOf(req), req.params.id, req.body),
    updateDataType: (req) => admin.update(callerOf(req), req.params.id, req.body),
    compositeDetails: (req) => admin.compositeDetails(req.params.id),
    createComposite: (req) => admin.createComposite(callerOf(req), req.body),
    compositeCommons: () => admin.commons(),
    compositeCommonTypes: (req) => admin.commonTypes(req.params.id),
    factorSources: () => factors.sources(),
    factors: (req) => factors.list(req.params.id, req.params.source),
    createFactor: (req) => factors.create(callerOf(req), req.params.id, req.params.source, req.body),
    updateFactor: (req) =>
      factors.update(callerOf(req), req.params.id, req.params.source, req.params.factorId, req.body),
  });
};
