import { idParam } from '@verdant/contracts/common';
import {
  groupingParams,
  groupTarget,
  groupTargetRequest,
  newTargetRequest,
  performanceQuery,
  performanceReport,
  target,
  targetList,
} from '@verdant/contracts/targets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editorOf, memberOf, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { TargetsService } from './targets.service';

const base = signedInDocs('Targets');
const errors = REQUEST_ERRORS;
const member = memberOf('params.id');
const editor = editorOf('params.id');
const sessionMember = memberOf('session');
const sessionEditor = editorOf('session');
const TYPES = ['site', 'meter'] as const;

export const targetsRoutes: FastifyPluginAsyncZod<{ service: TargetsService }> = async (app, { service }) => {
  app.get(
    '/organisations/:id/targets',
    {
      config: member,
      schema: {
        ...base,
        summary: "The organisation's targets",
        params: idParam,
        response: { 200: targetList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id),
  );
  app.post(
    '/organisations/:id/targets',
    {
      config: editor,
      schema: {
        ...base,
        summary: 'Create a target (the New Target wizard)',
        params: idParam,
        body: newTargetRequest,
        response: { 200: target, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.params.id, req.body),
  );
  app.get(
    '/organisations/:id/reports/performance-against-targets',
    {
      config: member,
      schema: {
        ...base,
        summary: "The organisation's performance against a target",
        params: idParam,
        querystring: performanceQuery,
        response: { 200: performanceReport, ...errors },
      },
    },
    async (req) => service.organisationPerformance(callerOf(req), req.params.id, req.query),
  );
  for (const type of TYPES) {
    app.get(
      `/${type}-groups/:id/target`,
      {
        config: sessionMember,
        schema: {
          ...base,
          summary: `A ${type} group's own co2e and consumption targets`,
          params: idParam,
          response: { 200: groupTarget, ...errors },
        },
      },
      async (req) => service.groupTarget(callerOf(req), type, req.params.id),
    );
    app.put(
      `/${type}-groups/:id/target`,
      {
        config: sessionEditor,
        schema: {
          ...base,
          summary: `Set a ${type} group's co2e or consumption target (null clears)`,
          params: idParam,
          body: groupTargetRequest,
          response: { 200: groupTarget, ...errors },
        },
      },
      async (req) => service.setGroupTarget(callerOf(req), type, req.params.id, req.body),
    );
    app.get(
      `/${type}-groupings/:id/reports/performance-against-targets`,
      {
        config: sessionMember,
        schema: {
          ...base,
          summary: `Performance against a target of a ${type} grouping's groups`,
          params: groupingParams,
          querystring: performanceQuery,
          response: { 200: performanceReport, ...errors },
        },
      },
      async (req) => service.groupingPerformance(callerOf(req), type, req.params.id, req.query),
    );
  }
};
