import { errorResponse, idParam } from '@verdant/contracts/common';
import {
  evaluateAnswer,
  invoiceAlert,
  invoiceAlertList,
  virtualInvoiceAnswer,
} from '@verdant/contracts/invoice-alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { InvoiceAlertsService } from './invoice-alerts.service';

const base = { tags: ['Invoice alerts'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const invoiceAlertsRoutes: FastifyPluginAsyncZod<{ service: InvoiceAlertsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/meters/:id/invoice-alerts',
    {
      config: { access: { action: 'view', asset: { meter: 'params.id' } } },
      schema: {
        ...base,
        summary: "The data source's invoice alerts (bill audit) in every reportStatus, newest invoice first",
        params: idParam,
        response: { 200: invoiceAlertList, ...errors },
      },
    },
    async (req) => service.ofMeter(callerOf(req), req.params.id),
  );

  app.post(
    '/invoices/alerts/:id/reset',
    {
      // The alert's data source is checked by the service (edit rights on it, in the session's organisation).
      config: { access: { role: 'member', organisation: 'session' } },
      schema: {
        ...base,
        summary: "Resets a Won't Send or Scheduled invoice alert to Unreviewed; answers the updated alert",
        params: idParam,
        response: { 200: invoiceAlert, ...errors },
      },
    },
    async (req) => service.reset(callerOf(req), req.params.id),
  );

  app.get(
    '/invoices/:id/virtual-invoice',
    {
      config: { access: { action: 'view', asset: { invoice: 'params.id' } } },
      schema: {
        ...base,
        summary:
          'What the invoice should have been: the contracted TOU or NHH rates on the half-hour data, line beside line with the bill',
        params: idParam,
        response: { 200: virtualInvoiceAnswer, ...errors },
      },
    },
    async (req) => service.virtualInvoice(callerOf(req), req.params.id),
  );

  app.post(
    '/organisations/:id/invoice-alerts/evaluate',
    {
      config: { access: { role: 'administrator', organisation: 'params.id' } },
      schema: {
        ...base,
        summary: "Queues the bill audit of the organisation's invoices of the last year (a background job)",
        params: idParam,
        response: { 200: evaluateAnswer, ...errors },
      },
    },
    async (req) => service.evaluateOrganisation(callerOf(req), req.params.id),
  );
};
