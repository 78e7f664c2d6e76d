import { errorResponse, idParam, okResponse } from '@verdant/contracts/common';
import {
  instrument,
  instrumentBody,
  instrumentList,
  instrumentParams,
} from '@verdant/contracts/scope2-instruments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { Scope2InstrumentsService } from './scope2-instruments.service';

const base = { tags: ['Market-based scope 2'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const member = { access: { role: 'member', organisation: 'params.id' } } as const;
const administrator = { access: { role: 'administrator', organisation: 'params.id' } } as const;

export const scope2InstrumentsRoutes: FastifyPluginAsyncZod<{ service: Scope2InstrumentsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/organisations/:id/scope2-instruments',
    {
      config: member,
      schema: {
        ...base,
        summary: "The organisation's certificates and supplier-specific factors (market-based scope 2)",
        params: idParam,
        response: { 200: instrumentList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id),
  );
  app.post(
    '/organisations/:id/scope2-instruments',
    {
      config: administrator,
      schema: {
        ...base,
        summary: 'Records certificates or a supplier-specific factor; the ledger is recomputed',
        params: idParam,
        body: instrumentBody,
        response: { 200: instrument, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.params.id, req.body),
  );
  app.put(
    '/organisations/:id/scope2-instruments/:instrumentId',
    {
      config: administrator,
      schema: {
        ...base,
        summary: 'Changes an instrument; the ledger is recomputed',
        params: instrumentParams,
        body: instrumentBody,
        response: { 200: instrument, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.params.instrumentId, req.body),
  );
  app.delete(
    '/organisations/:id/scope2-instruments/:instrumentId',
    {
      config: administrator,
      schema: {
        ...base,
        summary: 'Removes an instrument; the ledger is recomputed',
        params: instrumentParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id, req.params.instrumentId),
  );
};
