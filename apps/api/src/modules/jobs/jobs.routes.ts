import { jobsOperations } from '@verdant/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { JobsService } from './jobs.service';

export const jobsRoutes: FastifyPluginAsyncZod<{ service: JobsService }> = async (app, { service }) => {
  registerOperations(app, jobsOperations, {
    list: (req) => service.list(callerOf(req), req.params.id),
    create: (req) => service.create(callerOf(req), req.params.id, req.body),
    remove: (req) => service.remove(callerOf(req), req.params.id, req.params.jobId),
    activeMeterJobs: (req) => service.activeMeterJobs(callerOf(req), req.params.id),
  });
};
