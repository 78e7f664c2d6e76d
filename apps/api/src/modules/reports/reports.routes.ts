import { reportsOperations } from '@verdant/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { ReportCatalogueService } from './report-catalogue.service';
import type { ReportRunService } from './report-run.service';

/** The reports' calls (data-portal.md 7, Graphs and reports). */
export const reportsRoutes: FastifyPluginAsyncZod<{
  catalogue: ReportCatalogueService;
  runner: ReportRunService;
}> = async (app, { catalogue, runner }) => {
  registerOperations(app, reportsOperations, {
    tags: () => catalogue.tags(),
    list: () => catalogue.list(),
    creationData: (req) => catalogue.creationData(callerOf(req), req.params.reportId),
    availableAssets: (req) => catalogue.availableAssets(callerOf(req), req.params.reportId, req.query.level),
    run: async (req, reply) => {
      const file = await runner.run(callerOf(req), req.body);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-report-fingerprint', file.fingerprint)
        .send(file.data);
    },
  });
};
