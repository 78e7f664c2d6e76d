import { toolsOperations } from '@verdant/contracts/tools';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { ToolsService } from './tools.service';

/** The jobs centre: `/tools/jobs` and `/tools/jobs/{id}` (data-portal.md 7). */
export const toolsRoutes: FastifyPluginAsyncZod<{ service: ToolsService }> = async (app, { service }) => {
  registerOperations(app, toolsOperations, {
    jobs: (req) => service.list(callerOf(req)),
    job: (req) => service.get(callerOf(req), req.params.id),
    createJob: (req) => service.create(callerOf(req), req.body.restatementId),
    cancelJob: (req) => service.cancel(callerOf(req), req.params.id),
    retryJob: (req) => service.retry(callerOf(req), req.params.id),
    jobsHealth: () => service.health(),
  });
};
