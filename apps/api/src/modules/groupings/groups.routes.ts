import { idParam } from '@verdant/contracts/common';
import {
  distributionList,
  groupDetail,
  memberDetails,
  memberParams,
  memberQuery,
  membershipAnswer,
  renameBody,
} from '@verdant/contracts/groupings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, editorOf, memberOf, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { GroupsService } from './groups.service';

const base = signedInDocs('Groupings');
const errors = ERROR_RESPONSES;
const member = memberOf('session');
const editor = editorOf('session');

export const groupsRoutes: FastifyPluginAsyncZod<{ service: GroupsService }> = async (app, { service }) => {
  for (const type of ['site', 'meter'] as const) {
    app.get(
      `/${type}-groups/:id`,
      {
        config: member,
        schema: {
          ...base,
          summary: `A ${type} group with its last twelve months from the ledger`,
          params: idParam,
          response: { 200: groupDetail, ...errors },
        },
      },
      async (req) => service.detail(callerOf(req), type, req.params.id),
    );

    app.put(
      `/${type}-groups/:id`,
      {
        config: editor,
        schema: {
          ...base,
          summary: `Renames a ${type} group`,
          params: idParam,
          body: renameBody,
          response: { 200: groupDetail, ...errors },
        },
      },
      async (req) => service.rename(callerOf(req), type, req.params.id, req.body.name),
    );

    app.get(
      `/${type}-groups/:id/asset-inclusion`,
      {
        config: member,
        schema: {
          ...base,
          summary: `Every ${type}, joined when in the group`,
          params: idParam,
          response: { 200: distributionList, ...errors },
        },
      },
      async (req) => service.inclusion(callerOf(req), type, req.params.id),
    );

    app.get(
      `/${type}-groups/:id/${type}s/details`,
      {
        config: member,
        schema: {
          ...base,
          summary: `The group's ${type}s the caller may see, with their last twelve months`,
          params: idParam,
          response: { 200: memberDetails, ...errors },
        },
      },
      async (req) => service.memberDetails(callerOf(req), type, req.params.id),
    );

    for (const [method, join] of [
      ['post', true],
      ['delete', false],
    ] as const) {
      app[method](
        `/${type}-groups/:id/${type}s/:assetId`,
        {
          // The rule on the asset (edit) is the service's: the group names the organisation, the asset the right.
          config: member,
          schema: {
            ...base,
            summary: join
              ? `Adds a ${type} to the group (moving it out of the grouping's other group when controlled)`
              : `Takes a ${type} out of the group`,
            params: memberParams,
            querystring: memberQuery,
            response: { 200: membershipAnswer, ...errors },
          },
        },
        async (req) =>
          service.membership(callerOf(req), type, req.params.id, req.params.assetId, join, req.query.focus),
      );
    }
  }
};
