import { errorResponse, idParam, okResponse } from '@verdant/contracts/common';
import {
  consumptionCreated,
  consumptionList,
  consumptionParams,
  consumptionUpdate,
  consumptionUpdated,
  newConsumptionRows,
} from '@verdant/contracts/meter-consumption';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import type { MeterConsumptionService } from './meter-consumption.service';

const base = { tags: ['Consumption records'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const view = { access: { action: 'view', asset: { meter: 'params.id' } } } as const;
const edit = { access: { action: 'edit', asset: { meter: 'params.id' } } } as const;

/** The Consumption tab's calls (data-portal 7): list, add several rows, change or delete one. */
export const meterConsumptionRoutes: FastifyPluginAsyncZod<{ service: MeterConsumptionService }> = async (
  app,
  { service },
) => {
  app.get(
    '/meters/:id/meter-consumption',
    {
      config: view,
      schema: {
        ...base,
        summary: "The data source's consumption records",
        params: idParam,
        response: { 200: consumptionList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id),
  );
  app.post(
    '/meters/:id/meter-consumptions',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Add consumption records (the rows of the New Consumption Record dialog, all or none)',
        params: idParam,
        body: newConsumptionRows,
        response: { 200: consumptionCreated, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.params.id, req.body),
  );
  app.put(
    '/meters/:id/meter-consumption/:recordId',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Change a consumption record (its period, units or attachment)',
        params: consumptionParams,
        body: consumptionUpdate,
        response: { 200: consumptionUpdated, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.params.recordId, req.body),
  );
  app.delete(
    '/meters/:id/meter-consumption/:recordId',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Delete a consumption record',
        params: consumptionParams,
        response: { 200: okResponse.extend({ message: z.string() }), ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id, req.params.recordId),
  );
};
