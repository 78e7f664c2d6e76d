import { errorResponse } from '@verdant/contracts/common';
import {
  adminRetailerList,
  lineItemOverrideInput,
  lineItemOverrideList,
  lineItemOverridesAnswer,
  lineItemOverridesReplace,
  newRetailerAnswer,
  newRetailerRequest,
  overrideParams,
  overridesParams,
} from '@verdant/contracts/retailers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { RetailersService } from './retailers.service';

const base = { tags: ['Retailers'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const admin = { access: 'product-administrator' } as const;
const list = '/admin/retailers/:id/types/:typeId/line-item-overrides';

/** Core spec 7: GET, POST /admin/retailers; GET, POST, PUT /admin/retailers/{id}/types/{id}/line-item-overrides[/{mappingId}]. */
export const retailersRoutes: FastifyPluginAsyncZod<{ service: RetailersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/admin/retailers',
    {
      config: admin,
      schema: {
        ...base,
        summary: 'Retailers with their load unit',
        response: { 200: adminRetailerList, ...errors },
      },
    },
    async () => service.list(),
  );
  app.post(
    '/admin/retailers',
    {
      config: admin,
      schema: {
        ...base,
        summary: "New retailer: a unique name other than 'New Retailer'",
        body: newRetailerRequest,
        response: { 200: newRetailerAnswer, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.body),
  );
  app.get(
    list,
    {
      config: admin,
      schema: {
        ...base,
        summary: "A retailer's line item overrides for an invoice type",
        params: overridesParams,
        response: { 200: lineItemOverrideList, ...errors },
      },
    },
    async (req) => service.overrides(req.params.id, req.params.typeId),
  );
  app.post(
    list,
    {
      config: admin,
      schema: {
        ...base,
        summary: 'Adds a line item override (line item unique for the retailer and invoice type)',
        params: overridesParams,
        body: lineItemOverrideInput,
        response: { 200: lineItemOverridesAnswer, ...errors },
      },
    },
    async (req) => service.add(callerOf(req), req.params.id, req.params.typeId, req.body),
  );
  app.put(
    list,
    {
      config: admin,
      schema: {
        ...base,
        summary: 'Replaces the overrides of the retailer and invoice type with the list (one transaction)',
        params: overridesParams,
        body: lineItemOverridesReplace,
        response: { 200: lineItemOverridesAnswer, ...errors },
      },
    },
    async (req) => service.replace(callerOf(req), req.params.id, req.params.typeId, req.body),
  );
  app.put(
    `${list}/:mappingId`,
    {
      config: admin,
      schema: {
        ...base,
        summary: 'Updates one line item override',
        params: overrideParams,
        body: lineItemOverrideInput,
        response: { 200: lineItemOverridesAnswer, ...errors },
      },
    },
    async (req) =>
      service.update(callerOf(req), req.params.id, req.params.typeId, req.params.mappingId, req.body),
  );
};
