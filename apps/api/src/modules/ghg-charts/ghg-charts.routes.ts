import { errorResponse } from '@verdant/contracts/common';
import {
  type GhgChart,
  ghgChart,
  ghgRangeQuery,
  groupingParams,
  twoGroupingParams,
} from '@verdant/contracts/ghg-charts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import { chartCsv } from './ghg-charts.csv';
import type { GhgChartsService } from './ghg-charts.service';

const base = { tags: ['GHG charts'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const member = { access: { role: 'member', organisation: 'session' } } as const;
const response = { 200: z.union([ghgChart, z.string()]), ...errors };
const RANGE =
  ' over from..to (months yyyy-MM; default: the last complete reporting year); format=csv for CSV';

/** JSON, or the same figures as a CSV attachment. */
async function answer(reply: FastifyReply, format: 'json' | 'csv', name: string, chart: Promise<GhgChart>) {
  const figures = await chart;
  if (format === 'json') return figures;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${figures.from}-${figures.to}.csv"`)
    .send(chartCsv(figures));
}

export const ghgChartsRoutes: FastifyPluginAsyncZod<{ service: GhgChartsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/charts/co2e-scope-activity',
    {
      config: member,
      schema: {
        ...base,
        summary: `Emissions by activity and scope (kg CO2e)${RANGE}`,
        querystring: ghgRangeQuery,
        response,
      },
    },
    async (req, reply) =>
      answer(
        reply,
        req.query.format,
        'emissions-by-activity',
        service.scopeActivity(callerOf(req), req.query),
      ),
  );

  app.get(
    '/charts/co2e-grouping/:type/:id/by-scope',
    {
      config: member,
      schema: {
        ...base,
        summary: `Emissions of each group of a site or meter grouping by scope (kg CO2e)${RANGE}`,
        params: groupingParams,
        querystring: ghgRangeQuery,
        response,
      },
    },
    async (req, reply) =>
      answer(
        reply,
        req.query.format,
        'emissions-by-group-by-scope',
        service.groupingByScope(callerOf(req), req.params.type, req.params.id, req.query),
      ),
  );

  app.get(
    '/charts/co2e-activity/by-grouping/:type/:id',
    {
      config: member,
      schema: {
        ...base,
        summary: `Emissions of each activity split by the groups of a grouping (kg CO2e)${RANGE}`,
        params: groupingParams,
        querystring: ghgRangeQuery,
        response,
      },
    },
    async (req, reply) =>
      answer(
        reply,
        req.query.format,
        'emissions-by-activity-by-group',
        service.activityByGrouping(callerOf(req), req.params.type, req.params.id, req.query),
      ),
  );

  app.get(
    '/charts/co2e-grouping/:typeA/:idA/by-activity/by-grouping/:typeB/:idB',
    {
      config: member,
      schema: {
        ...base,
        summary: `Emissions of each pair of groups of two groupings by activity (kg CO2e)${RANGE}`,
        params: twoGroupingParams,
        querystring: ghgRangeQuery,
        response,
      },
    },
    async (req, reply) =>
      answer(
        reply,
        req.query.format,
        'emissions-by-group-by-activity',
        service.groupingByActivityByGrouping(callerOf(req), req.params, req.query),
      ),
  );
};
