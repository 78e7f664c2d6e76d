import { targetsOperations } from '@verdant/contracts/targets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { TargetsService } from './targets.service';

export const targetsRoutes: FastifyPluginAsyncZod<{ service: TargetsService }> = async (app, { service }) => {
  registerOperations(app, targetsOperations, {
    list: (req) => service.list(callerOf(req), req.params.id),
    create: (req) => service.create(callerOf(req), req.params.id, req.body),
    performance: (req) => service.organisationPerformance(callerOf(req), req.params.id, req.query),
    siteGroupTarget: (req) => service.groupTarget(callerOf(req), 'site', req.params.id),
    setSiteGroupTarget: (req) => service.setGroupTarget(callerOf(req), 'site', req.params.id, req.body),
    siteGroupingPerformance: (req) =>
      service.groupingPerformance(callerOf(req), 'site', req.params.id, req.query),
    meterGroupTarget: (req) => service.groupTarget(callerOf(req), 'meter', req.params.id),
    setMeterGroupTarget: (req) => service.setGroupTarget(callerOf(req), 'meter', req.params.id, req.body),
    meterGroupingPerformance: (req) =>
      service.groupingPerformance(callerOf(req), 'meter', req.params.id, req.query),
  });
};
