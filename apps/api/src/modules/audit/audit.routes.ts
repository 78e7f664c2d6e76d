import { auditOperations } from '@verdant/contracts/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import type { AuditService } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  registerOperations(app, auditOperations, {
    history: (req) => service.page(req.params.id, req.query),
    historyCsv: async (req, reply) => {
      const csv = await service.csv(req.params.id, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="history.csv"')
        .send(csv);
    },
  });
};
