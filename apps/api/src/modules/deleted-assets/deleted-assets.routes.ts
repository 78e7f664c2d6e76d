import {
  deletedAssetAnswer,
  deletedAssetParams,
  deletedAssetsList,
  deletedAssetsParams,
  deletedAssetsQuery,
} from '@verdant/contracts/deleted-assets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { DeletedAssetsService } from './deleted-assets.service';

const base = signedInDocs('Deleted assets');
const errors = REQUEST_ERRORS;

/** Data spec call table: GET /admin/deleted-assets/{type}; PUT .../restore/{id}; DELETE .../purge/{id}. */
export const deletedAssetsRoutes: FastifyPluginAsyncZod<{ service: DeletedAssetsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/admin/deleted-assets/:type',
    {
      config: { access: 'product-administrator' },
      schema: {
        ...base,
        summary:
          'Archived sites, data sources or entities of every organisation, newest first (provider only)',
        params: deletedAssetsParams,
        querystring: deletedAssetsQuery,
        response: { 200: deletedAssetsList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.type, req.query),
  );

  app.put(
    '/admin/deleted-assets/:type/restore/:id',
    {
      config: { access: 'product-administrator' },
      schema: {
        ...base,
        summary: 'Restores an archived asset; a site comes back with the entities archived with it',
        params: deletedAssetParams,
        response: { 200: deletedAssetAnswer, ...ERROR_RESPONSES },
      },
    },
    async (req) => service.restore(callerOf(req), req.params.type, req.params.id),
  );

  app.delete(
    '/admin/deleted-assets/:type/purge/:id',
    {
      config: { access: 'product-administrator' },
      schema: {
        ...base,
        summary: 'Removes an archived asset and what depends on it permanently',
        params: deletedAssetParams,
        response: { 200: deletedAssetAnswer, ...ERROR_RESPONSES },
      },
    },
    async (req) => service.purge(callerOf(req), req.params.type, req.params.id),
  );
};
