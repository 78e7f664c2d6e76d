import { groupSpecs } from './groupings/group-operations';
import { groupingSpecs, listSpec, reportingConsumptionSpec } from './groupings/grouping-operations';
import type { GroupType } from './groupings/schemas';
import { defineOperations } from './operations';

/**
 * Groupings of site groups or of meter (source) groups, their groups and members
 * (docs/decisions/groupings.md): the schemas, and the one operations table of the feature, its site and meter
 * halves declared once each by type.
 */
export * from './groupings/schemas';

const siteGrouping = groupingSpecs('site');
const meterGrouping = groupingSpecs('meter');
const siteGroup = groupSpecs('site');
const meterGroup = groupSpecs('meter');

export const groupingsOperations = defineOperations('groupings', {
  siteGroupings: listSpec('site'),
  meterGroupings: listSpec('meter'),
  reportingGroupings: listSpec('reporting'),
  reportingConsumption: reportingConsumptionSpec,
  createSiteGrouping: siteGrouping.createGrouping,
  createMeterGrouping: meterGrouping.createGrouping,
  createSiteGroup: siteGrouping.createGroup,
  createMeterGroup: meterGrouping.createGroup,
  siteGrouping: siteGrouping.grouping,
  meterGrouping: meterGrouping.grouping,
  renameSiteGrouping: siteGrouping.renameGrouping,
  renameMeterGrouping: meterGrouping.renameGrouping,
  siteDistribution: siteGrouping.distribution,
  meterDistribution: meterGrouping.distribution,
  joinSiteGrouping: siteGrouping.joinGrouping,
  joinMeterGrouping: meterGrouping.joinGrouping,
  leaveSiteGrouping: siteGrouping.leaveGrouping,
  leaveMeterGrouping: meterGrouping.leaveGrouping,
  siteGroup: siteGroup.group,
  meterGroup: meterGroup.group,
  renameSiteGroup: siteGroup.renameGroup,
  renameMeterGroup: meterGroup.renameGroup,
  siteInclusion: siteGroup.inclusion,
  meterInclusion: meterGroup.inclusion,
  siteMemberDetails: siteGroup.memberDetails,
  meterMemberDetails: meterGroup.memberDetails,
  addSiteMember: siteGroup.addMember,
  addMeterMember: meterGroup.addMember,
  removeSiteMember: siteGroup.removeMember,
  removeMeterMember: meterGroup.removeMember,
});

const ops = groupingsOperations;
/** The operations of one type's groupings and groups, for screens that serve both types. */
export const groupingsOf = (type: GroupType) =>
  type === 'site'
    ? {
        list: ops.siteGroupings,
        createGrouping: ops.createSiteGrouping,
        createGroup: ops.createSiteGroup,
        grouping: ops.siteGrouping,
        renameGrouping: ops.renameSiteGrouping,
        distribution: ops.siteDistribution,
        joinGrouping: ops.joinSiteGrouping,
        leaveGrouping: ops.leaveSiteGrouping,
        group: ops.siteGroup,
        renameGroup: ops.renameSiteGroup,
        inclusion: ops.siteInclusion,
        memberDetails: ops.siteMemberDetails,
        addMember: ops.addSiteMember,
        removeMember: ops.removeSiteMember,
      }
    : {
        list: ops.meterGroupings,
        createGrouping: ops.createMeterGrouping,
        createGroup: ops.createMeterGroup,
        grouping: ops.meterGrouping,
        renameGrouping: ops.renameMeterGrouping,
        distribution: ops.meterDistribution,
        joinGrouping: ops.joinMeterGrouping,
        leaveGrouping: ops.leaveMeterGrouping,
        group: ops.meterGroup,
        renameGroup: ops.renameMeterGroup,
        inclusion: ops.meterInclusion,
        memberDetails: ops.meterMemberDetails,
        addMember: ops.addMeterMember,
        removeMember: ops.removeMeterMember,
      };
