import { idParam } from '@verdant/contracts/common';
import { distributionUpdate, energyDistribution } from '@verdant/contracts/meter-distribution';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onAsset, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { MeterDistributionService } from './meter-distribution.service';

const base = signedInDocs('Data source distribution');
const errors = REQUEST_ERRORS;

export const meterDistributionRoutes: FastifyPluginAsyncZod<{ service: MeterDistributionService }> = async (
  app,
  { service },
) => {
  app.get(
    '/meters/:id/energy-distribution',
    {
      config: onAsset('view', 'meter'),
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
      config: onAsset('edit', 'meter'),
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
