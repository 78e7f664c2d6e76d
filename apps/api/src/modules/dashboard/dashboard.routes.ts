import {
  gainersAndLosers,
  listConsumption,
  listConsumptionParams,
  listConsumptionQuery,
  measure,
  monthlySavings,
  yearlyComparison,
} from '@verdant/contracts/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { DashboardService } from './dashboard.service';

const base = signedInDocs('Dashboard');
const errors = REQUEST_ERRORS;

export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (
  app,
  { service },
) => {
  for (const m of measure.options) {
    app.get(
      `/dashboard/yearly-comparison-${m}`,
      {
        config: memberOf('session'),
        schema: {
          ...base,
          summary: `Last 12 complete months against a year earlier (${m})`,
          response: { 200: yearlyComparison, ...errors },
        },
      },
      async (req) => service.yearlyComparison(callerOf(req), m),
    );
  }

  app.get(
    '/dashboard/monthly-savings-:type',
    {
      config: memberOf('session'),
      schema: {
        ...base,
        summary: 'Last complete month against the same month a year earlier',
        params: z.object({ type: measure }),
        response: { 200: monthlySavings, ...errors },
      },
    },
    async (req) => service.monthlySavings(callerOf(req), req.params.type),
  );

  app.get(
    '/dashboard/gainers-and-losers',
    {
      config: memberOf('session'),
      schema: {
        ...base,
        summary: 'Meters with the largest consumption increase and decrease last month',
        response: { 200: gainersAndLosers, ...errors },
      },
    },
    async (req) => service.gainersAndLosers(callerOf(req)),
  );

  const lists = [
    ['sites', 'site'],
    ['meters', 'meter'],
    ['data-sources', 'meter'],
  ] as const;
  for (const [handle, by] of lists) {
    app.get(
      `/organisations/:id/${handle}-consumption/:measure/:month`,
      {
        config: memberOf('params.id'),
        schema: {
          ...base,
          tags: ['Organisation lists'],
          summary: `Figures per ${by} for one month`,
          params: listConsumptionParams,
          querystring: listConsumptionQuery,
          response: { 200: listConsumption, ...errors },
        },
      },
      async (req) =>
        service.listConsumption(callerOf(req), req.params.id, by, req.params.measure, req.params.month),
    );
  }
};
