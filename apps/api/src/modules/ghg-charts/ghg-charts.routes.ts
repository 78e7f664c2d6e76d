import { type GhgChart, ghgChartsOperations } from '@verdant/contracts/ghg-charts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import { chartCsv } from './ghg-charts.csv';
import type { GhgChartsService } from './ghg-charts.service';

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
  registerOperations(app, ghgChartsOperations, {
    scopeActivity: (req, reply) =>
      answer(
        reply,
        req.query.format,
        'emissions-by-activity',
        service.scopeActivity(callerOf(req), req.query),
      ),
    groupingByScope: (req, reply) =>
      answer(
        reply,
        req.query.format,
        'emissions-by-group-by-scope',
        service.groupingByScope(callerOf(req), req.params.type, req.params.id, req.query),
      ),
    activityByGrouping: (req, reply) =>
      answer(
        reply,
        req.query.format,
        'emissions-by-activity-by-group',
        service.activityByGrouping(callerOf(req), req.params.type, req.params.id, req.query),
      ),
    groupingByActivityByGrouping: (req, reply) =>
      answer(
        reply,
        req.query.format,
        'emissions-by-group-by-activity',
        service.groupingByActivityByGrouping(callerOf(req), req.params, req.query),
      ),
  });
};
