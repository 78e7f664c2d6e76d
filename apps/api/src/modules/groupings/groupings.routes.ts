import { groupingsOperations } from '@verdant/contracts/groupings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { GroupingsService } from './groupings.service';
import type { GroupsService } from './groups.service';

export const groupingsRoutes: FastifyPluginAsyncZod<{
  service: GroupingsService;
  groups: GroupsService;
}> = async (app, { service, groups }) => {
  registerOperations(app, groupingsOperations, {
    siteGroupings: (req) => service.list(callerOf(req), 'site'),
    meterGroupings: (req) => service.list(callerOf(req), 'meter'),
    reportingGroupings: (req) => service.list(callerOf(req), 'reporting'),
    reportingConsumption: (req) =>
      service.reportingConsumption(callerOf(req), req.params.id, req.params.measure, req.params.month),
    createSiteGrouping: (req) =>
      service.createGrouping(callerOf(req), req.params.id, 'site', req.body.name, req.body.controlled),
    createMeterGrouping: (req) =>
      service.createGrouping(callerOf(req), req.params.id, 'meter', req.body.name, req.body.controlled),
    createSiteGroup: (req) =>
      service.createGroup(callerOf(req), req.params.id, 'site', req.body.name, req.body.memberOf),
    createMeterGroup: (req) =>
      service.createGroup(callerOf(req), req.params.id, 'meter', req.body.name, req.body.memberOf),
    siteGrouping: (req) => service.grouping(callerOf(req), 'site', req.params.id),
    meterGrouping: (req) => service.grouping(callerOf(req), 'meter', req.params.id),
    renameSiteGrouping: (req) => service.renameGrouping(callerOf(req), 'site', req.params.id, req.body.name),
    renameMeterGrouping: (req) =>
      service.renameGrouping(callerOf(req), 'meter', req.params.id, req.body.name),
    siteDistribution: (req) => service.distribution(callerOf(req), 'site', req.params.id),
    meterDistribution: (req) => service.distribution(callerOf(req), 'meter', req.params.id),
    joinSiteGrouping: (req) =>
      service.assign(callerOf(req), 'site', req.params.id, req.params.groupingId, true),
    joinMeterGrouping: (req) =>
      service.assign(callerOf(req), 'meter', req.params.id, req.params.groupingId, true),
    leaveSiteGrouping: (req) =>
      service.assign(callerOf(req), 'site', req.params.id, req.params.groupingId, false),
    leaveMeterGrouping: (req) =>
      service.assign(callerOf(req), 'meter', req.params.id, req.params.groupingId, false),
    siteGroup: (req) => groups.detail(callerOf(req), 'site', req.params.id),
    meterGroup: (req) => groups.detail(callerOf(req), 'meter', req.params.id),
    renameSiteGroup: (req) => groups.rename(callerOf(req), 'site', req.params.id, req.body.name),
    renameMeterGroup: (req) => groups.rename(callerOf(req), 'meter', req.params.id, req.body.name),
    siteInclusion: (req) => groups.inclusion(callerOf(req), 'site', req.params.id),
    meterInclusion: (req) => groups.inclusion(callerOf(req), 'meter', req.params.id),
    siteMemberDetails: (req) => groups.memberDetails(callerOf(req), 'site', req.params.id),
    meterMemberDetails: (req) => groups.memberDetails(callerOf(req), 'meter', req.params.id),
    addSiteMember: (req) =>
      groups.membership(callerOf(req), 'site', req.params.id, req.params.assetId, true, req.query.focus),
    addMeterMember: (req) =>
      groups.membership(callerOf(req), 'meter', req.params.id, req.params.assetId, true, req.query.focus),
    removeSiteMember: (req) =>
      groups.membership(callerOf(req), 'site', req.params.id, req.params.assetId, false, req.query.focus),
    removeMeterMember: (req) =>
      groups.membership(callerOf(req), 'meter', req.params.id, req.params.assetId, false, req.query.focus),
  });
};
