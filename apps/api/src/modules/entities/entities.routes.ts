import { idParam } from '@verdant/contracts/common';
import {
  browseAnswer,
  browseQuery,
  createdEntity,
  deletedAnswer,
  entitiesList,
  entitiesQuery,
  entityDetail,
  entityUpdate,
  facilityList,
  newEntityRequest,
  orgParam,
  pumpMeterOptions,
  siteParam,
} from '@verdant/contracts/entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, onAsset, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { EntitiesService } from './entities.service';

const base = signedInDocs('Entities');
const errors = REQUEST_ERRORS;

export const entitiesRoutes: FastifyPluginAsyncZod<{ service: EntitiesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/organisations/:id/entities',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: 'Entities of an organisation, filtered and sorted, 100 at a time',
        params: orgParam,
        querystring: entitiesQuery,
        response: { 200: entitiesList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id, req.query),
  );

  app.post(
    '/organisations/:id/new-entity',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: 'Create an entity (the facility is created when the site has none of that name)',
        params: orgParam,
        body: newEntityRequest,
        response: { 200: createdEntity, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.create(callerOf(req), req.params.id, req.body),
    }),
  );

  app.get(
    '/sites/:siteId/facilities',
    {
      config: onAsset('view', 'site', 'params.siteId'),
      schema: {
        ...base,
        summary: 'Facilities at a site',
        params: siteParam,
        response: { 200: facilityList, ...errors },
      },
    },
    async (req) => service.facilities(callerOf(req), req.params.siteId),
  );

  app.get(
    '/sites/:siteId/pump-meters',
    {
      config: onAsset('view', 'site', 'params.siteId'),
      schema: {
        ...base,
        summary: "A site's power (electricity) and flow (water) meters, for a pump",
        params: siteParam,
        response: { 200: pumpMeterOptions, ...errors },
      },
    },
    async (req) => service.pumpMeters(callerOf(req), req.params.siteId),
  );

  app.get(
    '/entities/:id',
    {
      config: onAsset('view', 'entity'),
      schema: { ...base, summary: 'One entity', params: idParam, response: { 200: entityDetail, ...errors } },
    },
    async (req) => service.get(callerOf(req), req.params.id),
  );

  app.put(
    '/entities/:id',
    {
      config: onAsset('edit', 'entity'),
      schema: {
        ...base,
        summary: "Change any of an entity's fields",
        params: idParam,
        body: entityUpdate,
        response: { 200: entityDetail, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/entities/:id',
    {
      config: onAsset('edit', 'entity'),
      schema: {
        ...base,
        summary: 'Delete (archive) an entity',
        params: idParam,
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (req) => ({ success: true as const, message: await service.remove(callerOf(req), req.params.id) }),
  );

  app.get(
    '/current-user/browse',
    {
      config: memberOf('session'),
      schema: {
        ...base,
        summary: 'Assets of one type the caller may see, by name, 100 at a time (the browse panel)',
        querystring: browseQuery,
        response: { 200: browseAnswer, ...errors },
      },
    },
    async (req) => service.browse(callerOf(req), req.query.type, req.query.offset, req.query.open === 'true'),
  );
};
