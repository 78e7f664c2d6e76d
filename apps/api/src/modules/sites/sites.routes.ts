import { sitesOperations } from '@verdant/contracts/sites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { SiteExportService } from './site-export.service';
import type { SitesService } from './sites.service';

export const sitesRoutes: FastifyPluginAsyncZod<{
  service: SitesService;
  exporter: SiteExportService;
}> = async (app, { service, exporter }) => {
  registerOperations(app, sitesOperations, {
    list: { handler: (req) => service.list(callerOf(req), req.params.id, req.query), route: { keep: true } },
    checkName: (req) => service.checkName(callerOf(req), req.params.id, req.params.name),
    create: (req) => service.create(callerOf(req), req.params.id, req.body),
    dataExport: async (req, reply) => {
      const csv = await exporter.exportCsv(callerOf(req), req.params.id, req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="site-data-export.csv"')
        .send(csv);
    },
    read: (req) => service.read(callerOf(req), req.params.id),
    update: (req) => service.update(callerOf(req), req.params.id, req.body),
    remove: (req) => service.remove(callerOf(req), req.params.id),
    setIndicator: (req) =>
      service.setIndicator(callerOf(req), req.params.id, req.params.indicatorId, req.body.value),
    joinGroup: (req) => service.membership(callerOf(req), req.params.groupId, req.params.siteId, true),
    leaveGroup: (req) => service.membership(callerOf(req), req.params.groupId, req.params.siteId, false),
    graph: (req) =>
      service.graph(callerOf(req), req.params.id, req.params.measure, req.params.year, req.params.month),
    meters: (req) => service.meters(callerOf(req), req.params.id),
    entities: (req) => service.entities(callerOf(req), req.params.id),
  });
};
