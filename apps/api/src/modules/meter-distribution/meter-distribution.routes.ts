import { errorResponse, idParam } from '@verdant/contracts/common';
import { distributionUpdate, energyDistribution } from '@verdant/contracts/meter-distribution';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { MeterDistributionService } from './meter-distribution.service';

const base = { tags: ['Data source distribution'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const meterDistributionRoutes: FastifyPluginAsyncZod<{ service: MeterDistributionService }> = async (
  app,
  { service },
) => {
  app.get(
    '/meters/:id/energy-distribution',
    {
      config: { access: { action: 'view', asset: { meter: 'params.id' } } },
      schema: {
        ...base,
        summary: "The meter's shares of consumption and of note among entities",
        params: idParam,
        response: { 200: energyDistribution, ...errors },
      },
    },
    async (req) => service.get(callerOf(req), req.params.id),
  );
  app.put(
    '/meters/:id/energy-distribution',
    {
      config: { access: { action: 'edit', asset: { meter: 'params.id' } } },
      schema: {
        ...base,
        summary: 'Sets the shares (each sum at most 100), from the first month or from a month on',
        params: idParam,
        body: distributionUpdate,
        response: { 200: energyDistribution, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.body),
  );
};
