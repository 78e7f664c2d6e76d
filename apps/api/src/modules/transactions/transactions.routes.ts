import { errorResponse, idParam, okResponse } from '@verdant/contracts/common';
import {
  transactionDeleteParams,
  transactionInput,
  transactionParams,
  transactionSaved,
  transactionsList,
} from '@verdant/contracts/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import type { TransactionsService } from './transactions.service';

const base = { tags: ['Transactions'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const view = { access: { action: 'view', asset: { meter: 'params.id' } } } as const;
const edit = { access: { action: 'edit', asset: { meter: 'params.id' } } } as const;

/** The Transactions tab's calls (data-portal 7). */
export const transactionsRoutes: FastifyPluginAsyncZod<{ service: TransactionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/meters/:id/transactions',
    {
      config: view,
      schema: {
        ...base,
        summary: "The data source's transactions and unit",
        params: idParam,
        response: { 200: transactionsList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id),
  );
  app.post(
    '/meters/:id/transactions',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Add a transaction',
        params: idParam,
        body: transactionInput,
        response: { 200: transactionSaved, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.params.id, req.body),
  );
  app.put(
    '/meters/:id/transactions/:itemId',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Change a transaction',
        params: transactionParams,
        body: transactionInput,
        response: { 200: transactionSaved, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.params.itemId, req.body),
  );
  app.delete(
    '/meters/:id/transactions/:invoiceId/:itemId',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Delete a transaction (invoiceId 0 for one entered by hand)',
        params: transactionDeleteParams,
        response: { 200: okResponse.extend({ message: z.string() }), ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id, req.params.invoiceId, req.params.itemId),
  );
};
