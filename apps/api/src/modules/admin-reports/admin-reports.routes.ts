import { adminReportsOperations } from '@verdant/contracts/admin-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { AdminReportsService } from './admin-reports.service';

export const adminReportsRoutes: FastifyPluginAsyncZod<{ service: AdminReportsService }> = async (
  app,
  { service },
) => {
  registerOperations(app, adminReportsOperations, {
    estimatedReads: (req) => service.estimatedReads(callerOf(req), req.params.id),
    invoiceReport: (req) =>
      service.invoiceReport(callerOf(req), req.params.id, {
        ids: null,
        energy: req.query.energy ?? null,
        retailer: req.query.retailer ?? null,
      }),
    invoiceReportOf: (req) =>
      service.invoiceReport(callerOf(req), req.params.id, { ids: req.body, energy: null, retailer: null }),
    invoiceReportCsv: async (req, reply) => {
      const r = await service.invoiceReportCsv(callerOf(req), req.params.id, req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${r.filename}"`)
        .send(r.csv);
    },
  });
};
