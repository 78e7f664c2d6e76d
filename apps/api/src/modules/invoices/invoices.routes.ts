import { errorResponse, idNumber, idParam, okResponse } from '@verdant/contracts/common';
import {
  blankInput,
  invoiceInput,
  invoicePage,
  newInvoiceDefaults,
  saveResult,
} from '@verdant/contracts/invoice-edit';
import { todayIn } from '@verdant/domain/time-zone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import type { InvoicesService } from './invoices.service';

const base = { tags: ['Invoices'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Invoice entry (docs/decisions/invoices.md, Rights on an invoice): an invoice's rights are those on every
 * meter it covers.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<{ service: InvoicesService; clock: () => Date }> = async (
  app,
  { service, clock },
) => {
  app.get(
    '/invoices/get/:id',
    {
      config: { access: { action: 'view', asset: { invoice: 'params.id' } } },
      schema: {
        ...base,
        summary: 'One invoice with its items, for the invoice page (not cached)',
        params: idParam,
        querystring: z.object({ meter: idNumber().optional() }),
        response: { 200: invoicePage, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(callerOf(req), req.params.id, req.query.meter);
    },
  );
  app.put(
    '/invoices/save',
    {
      config: { access: { action: 'edit', asset: { meter: 'body.meterId' } } },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        ...base,
        summary: 'Save an invoice after the arithmetic checks; dryRun answers the alerts it would raise',
        body: invoiceInput,
        response: { 200: saveResult, ...errors },
      },
    },
    async (req) => service.save(callerOf(req), req.body),
  );
  app.delete(
    '/invoices/:id',
    {
      config: { access: { action: 'edit', asset: { invoice: 'params.id' } } },
      schema: {
        ...base,
        summary: 'Delete an invoice',
        params: idParam,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id),
  );
  app.post(
    '/invoices/blank',
    {
      config: { access: { action: 'edit', asset: { meter: 'body.meter' } } },
      schema: {
        ...base,
        summary: "A new invoice's draft, its lines based on the previous invoice (nothing is stored)",
        body: blankInput,
        response: { 200: invoicePage, ...errors },
      },
    },
    async (req) => service.blank(callerOf(req), req.body),
  );
  app.get(
    '/meters/:id/new-invoice-defaults',
    {
      config: { access: { action: 'view', asset: { meter: 'params.id' } } },
      schema: {
        ...base,
        summary: "The New Invoice dialog's suggestions: gaps, the next period, the meter's dates",
        params: idParam,
        response: { 200: newInvoiceDefaults, ...errors },
      },
    },
    async (req) => service.defaults(callerOf(req), req.params.id, todayIn('Pacific/Auckland', clock())),
  );
};
