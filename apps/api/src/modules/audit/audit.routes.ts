import type { Access } from '@verdant/contracts/access';
import { auditPage, auditParams, auditQuery } from '@verdant/contracts/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import type { AuditService } from './audit.service';

const base = signedInDocs('Audit');
const errors = REQUEST_ERRORS;
/** Administrators of the organisation; product administrators pass for every organisation. */
const administrators: Access = { role: 'administrator', organisation: 'params.id' };

export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  app.get(
    '/organisations/:id/history',
    {
      config: { access: administrators },
      schema: {
        ...base,
        summary: "The organisation's audit history, newest first, 100 at a time, filtered",
        params: auditParams,
        querystring: auditQuery,
        response: { 200: auditPage, ...errors },
      },
    },
    async (req) => service.page(req.params.id, req.query),
  );

  app.get(
    '/organisations/:id/history/csv',
    {
      config: { access: administrators },
      schema: {
        ...base,
        summary: "The organisation's audit history as CSV (one line per changed field)",
        params: auditParams,
        querystring: auditQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const csv = await service.csv(req.params.id, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="history.csv"')
        .send(csv);
    },
  );
};
