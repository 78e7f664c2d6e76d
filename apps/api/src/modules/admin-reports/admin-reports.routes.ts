import {
  estimatedReadsReport,
  invoiceReportExport,
  invoiceReportIds,
  invoiceReportList,
  invoiceReportQuery,
} from '@verdant/contracts/admin-reports';
import { errorResponse, idParam } from '@verdant/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import type { AdminReportsService } from './admin-reports.service';

const base = { tags: ['Admin reports'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const member = { access: { role: 'member', organisation: 'params.id' } } as const;

export const adminReportsRoutes: FastifyPluginAsyncZod<{ service: AdminReportsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/organisations/:id/estimated-reads-report',
    {
      config: member,
      schema: {
        ...base,
        summary: 'Estimated Reads: data sources whose latest invoices are estimated reads, and since when',
        params: idParam,
        response: { 200: estimatedReadsReport, ...errors },
      },
    },
    async (req) => service.estimatedReads(callerOf(req), req.params.id),
  );

  app.get(
    '/organisations/:id/invoices-reports',
    {
      config: member,
      schema: {
        ...base,
        summary:
          'Invoice Entry Report: every data source in the report (of a data type, of a retailer) and its gaps',
        params: idParam,
        querystring: invoiceReportQuery,
        response: { 200: invoiceReportList, ...errors },
      },
    },
    async (req) =>
      service.invoiceReport(callerOf(req), req.params.id, {
        ids: null,
        energy: req.query.energy ?? null,
        retailer: req.query.retailer ?? null,
      }),
  );

  app.post(
    '/organisations/:id/invoices-reports',
    {
      config: member,
      schema: {
        ...base,
        summary: 'Invoice Entry Report of the data sources named (a list of ids) and their gaps',
        params: idParam,
        body: invoiceReportIds,
        response: { 200: invoiceReportList, ...errors },
      },
    },
    async (req) =>
      service.invoiceReport(callerOf(req), req.params.id, { ids: req.body, energy: null, retailer: null }),
  );

  app.post(
    '/organisations/:id/invoices-reports/export',
    {
      config: member,
      schema: {
        ...base,
        summary:
          'The Invoice Entry Report of a year as CSV: the data sources named, else by data type and retailer',
        params: idParam,
        body: invoiceReportExport,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const r = await service.invoiceReportCsv(callerOf(req), req.params.id, req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${r.filename}"`)
        .send(r.csv);
    },
  );
};
