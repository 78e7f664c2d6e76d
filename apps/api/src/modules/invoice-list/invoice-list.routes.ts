import { errorResponse, idParam } from '@verdant/contracts/common';
import {
  invoiceDateDefaults,
  invoiceList,
  invoiceListOperations,
  invoiceListQuery,
  reversalData,
  reversalDataQuery,
  reversalRequest,
  savedInvoiceAnswer,
} from '@verdant/contracts/invoice-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { InvoiceListService } from './invoice-list.service';
import type { InvoiceReversalService } from './invoice-reversal.service';

const base = { tags: ['Invoices'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const view = { access: { action: 'view', asset: { meter: 'params.id' } } } as const;

/** The data source's Invoices tab: the list and the New Invoice dialog's date defaults. */
const REVERSING = [
  ['reversal', 'reversal', 'New Reversal: reverses the invoices from a start date to past the latest one'],
  ['replacement', 'replacement', 'Replace Invoice: replaces whole invoices of the period'],
  ['decommissioning', 'decommission', 'Decommission: the final invoice; closes the data source on its end'],
] as const;

export const invoiceListRoutes: FastifyPluginAsyncZod<{
  service: InvoiceListService;
  reversals: InvoiceReversalService;
}> = async (app, { service, reversals }) => {
  registerOperations(app, invoiceListOperations, {
    recentInvoices: (req) => service.recent(callerOf(req), req.params.id, req.query.include ?? null),
  });
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
  app.get(
    '/meters/:id/invoices/reversal-data',
    {
      config: view,
      schema: {
        ...base,
        summary: 'What a reversal of a period would reverse: consumption per data source and cost',
        params: idParam,
        querystring: reversalDataQuery,
        response: { 200: reversalData, ...errors },
      },
    },
    async (req) => reversals.reversalData(callerOf(req), req.params.id, req.query),
  );
  for (const [path, mode, summary] of REVERSING) {
    app.post(
      `/invoices/${path}`,
      {
        // The body names the meters; the service checks edit rights on each of them.
        config: { access: { role: 'member', organisation: 'session' } },
        schema: { ...base, summary, body: reversalRequest, response: { 200: savedInvoiceAnswer, ...errors } },
      },
      async (req) => reversals.reverse(callerOf(req), mode, req.body),
    );
  }
};
