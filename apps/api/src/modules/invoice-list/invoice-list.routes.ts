import { errorResponse, idParam } from '@verdant/contracts/common';
import { invoiceDateDefaults, invoiceList, invoiceListQuery } from '@verdant/contracts/invoice-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { InvoiceListService } from './invoice-list.service';

const base = { tags: ['Invoices'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const view = { access: { action: 'view', asset: { meter: 'params.id' } } } as const;

/** The data source's Invoices tab: the list and the New Invoice dialog's date defaults. */
export const invoiceListRoutes: FastifyPluginAsyncZod<{ service: InvoiceListService }> = async (
  app,
  { service },
) => {
  app.get(
    '/meters/:id/invoices',
    {
      config: view,
      schema: {
        ...base,
        summary: "The data source's invoices, nested, with gap, note and link rows",
        params: idParam,
        querystring: invoiceListQuery,
        response: { 200: invoiceList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id, req.query.limit),
  );
  app.get(
    '/meters/:id/invoice-date-defaults',
    {
      config: view,
      schema: {
        ...base,
        summary: 'Suggested dates for a new invoice, the open and close dates, and the gaps',
        params: idParam,
        response: { 200: invoiceDateDefaults, ...errors },
      },
    },
    async (req) => service.dateDefaults(callerOf(req), req.params.id),
  );
};
