import { dashboardOperations } from '@verdant/contracts/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (
  app,
  { service },
) => {
  registerOperations(app, dashboardOperations, {
    yearlyCons: {
      handler: (req) => service.yearlyComparison(callerOf(req), 'cons', req.query.basis),
      route: { keep: true },
    },
    yearlyCost: {
      handler: (req) => service.yearlyComparison(callerOf(req), 'cost', req.query.basis),
      route: { keep: true },
    },
    yearlyCo2e: {
      handler: (req) => service.yearlyComparison(callerOf(req), 'co2e', req.query.basis),
      route: { keep: true },
    },
    monthlySavings: (req) => service.monthlySavings(callerOf(req), req.params.type, req.query.basis),
    gainersAndLosers: (req) => service.gainersAndLosers(callerOf(req)),
    sitesConsumption: (req) =>
      service.listConsumption(callerOf(req), req.params.id, 'site', req.params.measure, req.params.month),
    metersConsumption: (req) =>
      service.listConsumption(callerOf(req), req.params.id, 'meter', req.params.measure, req.params.month),
    dataSourcesConsumption: (req) =>
      service.listConsumption(callerOf(req), req.params.id, 'meter', req.params.measure, req.params.month),
  });
};
