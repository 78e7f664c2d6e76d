import { toolsOperations } from '@verdant/contracts/tools';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { ToolsService } from './tools.service';

const TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** The jobs centre: `/tools/jobs` and `/tools/jobs/{id}` (data-portal.md 7). */
export const toolsRoutes: FastifyPluginAsyncZod<{ service: ToolsService }> = async (app, { service }) => {
  registerOperations(app, toolsOperations, {
    jobs: (req) => service.list(callerOf(req)),
    job: (req) => service.get(callerOf(req), req.params.id),
    createJob: (req) => service.create(callerOf(req), req.body.restatementId, req.body.type),
    cancelJob: (req) => service.cancel(callerOf(req), req.params.id),
    retryJob: (req) => service.retry(callerOf(req), req.params.id),
    jobFile: async (req, reply) => {
      const file = await service.file(callerOf(req), req.params.id);
      reply
        .type(TYPES[file.filename.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
      return reply.send(file.stream);
    },
    jobsHealth: () => service.health(),
  });
};
