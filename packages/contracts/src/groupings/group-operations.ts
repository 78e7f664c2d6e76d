import { editing, editor, member } from '../access';
import { errorResponse, idParam } from '../common';
import {
  distributionList,
  type GroupType,
  groupDetail,
  memberDetails,
  memberParams,
  memberQuery,
  membershipAnswer,
  renameBody,
} from './schemas';

const answers = { 409: errorResponse };
const assetRule = (type: GroupType) =>
  editing(type === 'site' ? { site: 'params.assetId' } : { meter: 'params.assetId' });

/** One site or meter group: its figures, rename, inclusion list, members, and membership changes. */
export const groupSpecs = <T extends GroupType>(type: T) =>
  ({
    group: {
      method: 'GET',
      path: `/${type}-groups/:id`,
      summary: `A ${type} group with its last twelve months from the ledger`,
      access: member(),
      params: idParam,
      answer: groupDetail,
      answers,
    },
    renameGroup: {
      method: 'PUT',
      path: `/${type}-groups/:id`,
      summary: `Renames a ${type} group`,
      access: editor(),
      params: idParam,
      body: renameBody,
      answer: groupDetail,
      answers,
    },
    inclusion: {
      method: 'GET',
      path: `/${type}-groups/:id/asset-inclusion`,
      summary: `Every ${type}, joined when in the group`,
      access: member(),
      params: idParam,
      answer: distributionList,
      answers,
    },
    memberDetails: {
      method: 'GET',
      path: `/${type}-groups/:id/${type}s/details`,
      summary: `The group's ${type}s the caller may see, with their last twelve months`,
      access: member(),
      params: idParam,
      answer: memberDetails,
      answers,
    },
    // Membership needs edit on the asset (a right on a group reaches its current members): the group only
    // names the organisation, so the asset's rule is the operation's.
    addMember: {
      method: 'POST',
      path: `/${type}-groups/:id/${type}s/:assetId`,
      summary: `Adds a ${type} to the group (moving it out of the grouping's other group when controlled)`,
      access: assetRule(type),
      params: memberParams,
      query: memberQuery,
      answer: membershipAnswer,
      answers,
    },
    removeMember: {
      method: 'DELETE',
      path: `/${type}-groups/:id/${type}s/:assetId`,
      summary: `Takes a ${type} out of the group`,
      access: assetRule(type),
      params: memberParams,
      query: memberQuery,
      answer: membershipAnswer,
      answers,
    },
  }) as const;
