import { editor, member } from '../access';
import { errorResponse, idParam } from '../common';
import {
  created,
  distributionList,
  type GroupType,
  groupingDetail,
  groupingParams,
  groupingsList,
  newGroupBody,
  newGroupingBody,
  renameBody,
  reportingConsumption,
  reportingConsumptionParams,
} from './schemas';

/** Every groupings call may answer a conflict (a name taken, an asset already in the grouping). */
const answers = { 409: errorResponse };

/** The session's groupings of one kind, with their groups and the groups in none. */
export const listSpec = <K extends GroupType | 'reporting'>(kind: K) =>
  ({
    method: 'GET',
    path: `/organisations/${kind}-group-groupings`,
    summary: `The ${kind} groupings of the current organisation with their groups, and the groups in none`,
    access: member(),
    answer: groupingsList,
    answers,
  }) as const;

export const reportingConsumptionSpec = {
  method: 'GET',
  path: '/organisations/:id/reporting-groups-consumption/:measure/:month',
  summary: "A month's consumption per energy reporting group (cons: kWh; other: other data types)",
  access: member('params.id'),
  params: reportingConsumptionParams,
  answer: reportingConsumption,
  answers,
} as const;

/** A site or meter grouping: creating it and its groups, reading, renaming, its distribution, its groups. */
export const groupingSpecs = <T extends GroupType>(type: T) =>
  ({
    createGrouping: {
      method: 'POST',
      path: `/organisations/:id/reporting-group-groupings/${type}-groupings`,
      summary: `Creates a ${type} grouping (controlled unless said otherwise)`,
      access: editor('params.id'),
      params: idParam,
      body: newGroupingBody,
      answer: created,
      answers,
    },
    createGroup: {
      method: 'POST',
      path: `/organisations/:id/${type}-groups`,
      summary: `Creates a ${type} group, in a grouping when memberOf names one`,
      access: editor('params.id'),
      params: idParam,
      body: newGroupBody,
      answer: created,
      answers,
    },
    grouping: {
      method: 'GET',
      path: `/${type}-groups/groupings/:id`,
      summary: `A ${type} grouping and its groups`,
      access: member(),
      params: idParam,
      answer: groupingDetail,
      answers,
    },
    renameGrouping: {
      method: 'PUT',
      path: `/${type}-groups/groupings/:id`,
      summary: `Renames a ${type} grouping`,
      access: editor(),
      params: idParam,
      body: renameBody,
      answer: groupingDetail,
      answers,
    },
    distribution: {
      method: 'GET',
      path: `/${type}-groups/groupings/:id/asset-distribution`,
      summary: `Every ${type} with the groups of the grouping it belongs to`,
      access: member(),
      params: idParam,
      answer: distributionList,
      answers,
    },
    joinGrouping: {
      method: 'POST',
      path: `/${type}-groups/:id/grouping/:groupingId`,
      summary:
        'Puts the group in a grouping (a controlled one refuses assets already in another of its groups)',
      access: editor(),
      params: groupingParams,
      answer: groupingDetail,
      answers,
    },
    leaveGrouping: {
      method: 'DELETE',
      path: `/${type}-groups/:id/grouping/:groupingId`,
      summary: 'Takes the group out of a grouping (it becomes uncontrolled)',
      access: editor(),
      params: groupingParams,
      answer: groupingDetail,
      answers,
    },
  }) as const;
