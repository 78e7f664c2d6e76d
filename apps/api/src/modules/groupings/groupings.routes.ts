import { idParam } from '@verdant/contracts/common';
import {
  created,
  distributionList,
  groupingDetail,
  groupingParams,
  groupingsList,
  newGroupBody,
  newGroupingBody,
  renameBody,
  reportingConsumption,
  reportingConsumptionParams,
} from '@verdant/contracts/groupings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, editorOf, memberOf, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { GroupingsService } from './groupings.service';

const base = signedInDocs('Groupings');
const errors = ERROR_RESPONSES;
const member = memberOf('session');
const editor = editorOf('session');
const TYPES = ['site', 'meter'] as const;
const orgParam = z.object({ id: idParam.shape.id });

export const groupingsRoutes: FastifyPluginAsyncZod<{ service: GroupingsService }> = async (
  app,
  { service },
) => {
  for (const kind of ['site', 'meter', 'reporting'] as const) {
    app.get(
      `/organisations/${kind}-group-groupings`,
      {
        config: member,
        schema: {
          ...base,
          summary: `The ${kind} groupings of the current organisation with their groups, and the groups in none`,
          response: { 200: groupingsList, ...errors },
        },
      },
      async (req) => service.list(callerOf(req), kind),
    );
  }

  app.get(
    '/organisations/:id/reporting-groups-consumption/:measure/:month',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: "A month's consumption per energy reporting group (cons: kWh; other: other data types)",
        params: reportingConsumptionParams,
        response: { 200: reportingConsumption, ...errors },
      },
    },
    async (req) =>
      service.reportingConsumption(callerOf(req), req.params.id, req.params.measure, req.params.month),
  );

  for (const type of TYPES) {
    app.post(
      `/organisations/:id/reporting-group-groupings/${type}-groupings`,
      {
        config: editorOf('params.id'),
        schema: {
          ...base,
          summary: `Creates a ${type} grouping (controlled unless said otherwise)`,
          params: orgParam,
          body: newGroupingBody,
          response: { 200: created, ...errors },
        },
      },
      async (req) =>
        service.createGrouping(callerOf(req), req.params.id, type, req.body.name, req.body.controlled),
    );

    app.post(
      `/organisations/:id/${type}-groups`,
      {
        config: editorOf('params.id'),
        schema: {
          ...base,
          summary: `Creates a ${type} group, in a grouping when memberOf names one`,
          params: orgParam,
          body: newGroupBody,
          response: { 200: created, ...errors },
        },
      },
      async (req) =>
        service.createGroup(callerOf(req), req.params.id, type, req.body.name, req.body.memberOf),
    );

    app.get(
      `/${type}-groups/groupings/:id`,
      {
        config: member,
        schema: {
          ...base,
          summary: `A ${type} grouping and its groups`,
          params: idParam,
          response: { 200: groupingDetail, ...errors },
        },
      },
      async (req) => service.grouping(callerOf(req), type, req.params.id),
    );

    app.put(
      `/${type}-groups/groupings/:id`,
      {
        config: editor,
        schema: {
          ...base,
          summary: `Renames a ${type} grouping`,
          params: idParam,
          body: renameBody,
          response: { 200: groupingDetail, ...errors },
        },
      },
      async (req) => service.renameGrouping(callerOf(req), type, req.params.id, req.body.name),
    );

    app.get(
      `/${type}-groups/groupings/:id/asset-distribution`,
      {
        config: member,
        schema: {
          ...base,
          summary: `Every ${type} with the groups of the grouping it belongs to`,
          params: idParam,
          response: { 200: distributionList, ...errors },
        },
      },
      async (req) => service.distribution(callerOf(req), type, req.params.id),
    );

    for (const [method, join] of [
      ['post', true],
      ['delete', false],
    ] as const) {
      app[method](
        `/${type}-groups/:id/grouping/:groupingId`,
        {
          config: editor,
          schema: {
            ...base,
            summary: join
              ? 'Puts the group in a grouping (a controlled one refuses assets already in another of its groups)'
              : 'Takes the group out of a grouping (it becomes uncontrolled)',
            params: groupingParams,
            response: { 200: groupingDetail, ...errors },
          },
        },
        async (req) => service.assign(callerOf(req), type, req.params.id, req.params.groupingId, join),
      );
    }
  }
};
