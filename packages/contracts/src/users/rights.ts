import { z } from 'zod';
import { administrator } from '../access';
import { errorResponse } from '../common';
import {
  advancedRight,
  advancedRightGrantParams,
  advancedRightParams,
  copyRightsParams,
  emailChangeStatus,
  emailChangeToken,
  messageAnswer,
  userOrgParams,
} from './schemas';

const rights = z.array(advancedRight);

/** A user's advanced rights in an organisation: read (administrators, or the person), grant, remove, copy. */
export const advancedRightsSpecs = {
  advancedRights: {
    method: 'GET',
    path: '/users/:id/advanced-rights/:orgId',
    summary: "A user's advanced rights in an organisation",
    access: administrator('params.orgId', { orSelf: 'params.id' }),
    params: userOrgParams,
    answer: rights,
  },
  grantAdvancedRight: {
    method: 'POST',
    path: '/users/:id/advanced-rights/:orgId/:assetType/:assetId/right/:rightId',
    summary: 'Grant a level on an asset and everything beneath it',
    access: administrator('params.orgId'),
    params: advancedRightGrantParams,
    answer: rights,
  },
  removeAdvancedRight: {
    method: 'DELETE',
    path: '/users/:id/advanced-rights/:orgId/:assetType/:assetId',
    summary: 'Remove an advanced right',
    access: administrator('params.orgId'),
    params: advancedRightParams,
    answer: rights,
  },
  copyRights: {
    method: 'POST',
    path: '/users/:id/copy-rights/:orgId/from/:otherUserId',
    summary: "Replace a user's advanced rights with a copy of another user's",
    access: administrator('params.orgId'),
    params: copyRightsParams,
    answer: rights,
  },
} as const;

/** Public: the link mailed to the old address carries its own proof, so no session is needed. */
export const emailChangeSpecs = {
  emailChangeStatus: {
    method: 'GET',
    path: '/public/email-change',
    summary: 'Whether a link confirming a change of email is still usable, and the change it makes',
    access: 'signed-link',
    query: emailChangeToken,
    answer: emailChangeStatus,
    answers: { 429: errorResponse },
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/public/email-change',
    summary: 'Confirm a change of email with the link mailed to the old address',
    access: 'signed-link',
    body: emailChangeToken,
    answer: messageAnswer,
    answers: { 429: errorResponse },
  },
} as const;
