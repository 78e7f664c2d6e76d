import {
  advancedRight,
  advancedRightGrantParams,
  advancedRightParams,
  copyRightsParams,
  userOrgParams,
} from '@verdant/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorOf, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { AdvancedRightsService } from './advanced-rights.service';

const base = signedInDocs('Advanced rights');
const errors = REQUEST_ERRORS;
const rights = { 200: z.array(advancedRight), ...errors };

export const advancedRightsRoutes: FastifyPluginAsyncZod<{ service: AdvancedRightsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/users/:id/advanced-rights/:orgId',
    {
      config: { access: { role: 'administrator', organisation: 'params.orgId', orSelf: 'params.id' } },
      schema: {
        ...base,
        summary: "A user's advanced rights in an organisation",
        params: userOrgParams,
        response: rights,
      },
    },
    async (req) => service.list(callerOf(req), req.params.id, req.params.orgId),
  );

  app.post(
    '/users/:id/advanced-rights/:orgId/:assetType/:assetId/right/:rightId',
    {
      config: administratorOf('params.orgId'),
      schema: {
        ...base,
        summary: 'Grant a level on an asset and everything beneath it',
        params: advancedRightGrantParams,
        response: rights,
      },
    },
    async (req) => {
      const p = req.params;
      return service.add(callerOf(req), p.id, p.orgId, p.assetType, p.assetId, p.rightId);
    },
  );

  app.delete(
    '/users/:id/advanced-rights/:orgId/:assetType/:assetId',
    {
      config: administratorOf('params.orgId'),
      schema: { ...base, summary: 'Remove an advanced right', params: advancedRightParams, response: rights },
    },
    async (req) => {
      const p = req.params;
      return service.remove(callerOf(req), p.id, p.orgId, p.assetType, p.assetId);
    },
  );

  app.post(
    '/users/:id/copy-rights/:orgId/from/:otherUserId',
    {
      config: administratorOf('params.orgId'),
      schema: {
        ...base,
        summary: "Replace a user's advanced rights with a copy of another user's",
        params: copyRightsParams,
        response: rights,
      },
    },
    async (req) => service.copy(callerOf(req), req.params.id, req.params.orgId, req.params.otherUserId),
  );
};
