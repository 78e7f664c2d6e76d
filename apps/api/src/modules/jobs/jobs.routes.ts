import { idParam, okResponse } from '@verdant/contracts/common';
import { job, jobParams, jobsList, newJob } from '@verdant/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, editorOf, memberOf, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { JobsService } from './jobs.service';

const base = signedInDocs('Jobs');
const errors = ERROR_RESPONSES;

export const jobsRoutes: FastifyPluginAsyncZod<{ service: JobsService }> = async (app, { service }) => {
  app.get(
    '/organisations/:id/jobs',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: "The organisation's jobs",
        params: idParam,
        response: { 200: jobsList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id),
  );
  app.post(
    '/organisations/:id/jobs',
    {
      config: editorOf('params.id'),
      schema: {
        ...base,
        summary: 'Add a job',
        params: idParam,
        body: newJob,
        response: { 200: job, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.params.id, req.body),
  );
  app.delete(
    '/organisations/:id/jobs/:jobId',
    {
      config: { access: { role: 'editor', organisation: 'params.id', noteMeterOf: 'params.jobId' } },
      schema: {
        ...base,
        summary: 'Delete a job (not a contracted permanent one); a data source note needs edit on its meter',
        params: jobParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id, req.params.jobId),
  );
  app.get(
    '/organisations/:id/active-meter-jobs',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: 'Data source notes whose period covers today',
        params: idParam,
        response: { 200: jobsList, ...errors },
      },
    },
    async (req) => service.activeMeterJobs(callerOf(req), req.params.id),
  );
};
