import { estimatedReadsReport } from '@verdant/contracts/admin-reports';
import { errorResponse, idParam } from '@verdant/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { AdminReportsService } from './admin-reports.service';

const base = { tags: ['Admin reports'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const adminReportsRoutes: FastifyPluginAsyncZod<{ service: AdminReportsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/organisations/:id/estimated-reads-report',
    {
      config: { access: { role: 'member', organisation: 'params.id' } },
      schema: {
        ...base,
        summary: 'Estimated Reads: data sources whose latest invoices are estimated reads, and since when',
        params: idParam,
        response: { 200: estimatedReadsReport, ...errors },
      },
    },
    async (req) => service.estimatedReads(callerOf(req), req.params.id),
  );
};
