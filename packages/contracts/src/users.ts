import { defineOperations } from './operations';
import { memberSpecs } from './users/members';
import { advancedRightsSpecs, emailChangeSpecs } from './users/rights';

/**
 * Users (core-portal.md 5): the schemas, and the one operations table of the feature: an organisation's members,
 * their advanced rights, and the public confirmation of a change of email.
 */
export * from './users/schemas';

export const usersOperations = defineOperations('users', {
  ...memberSpecs,
  ...advancedRightsSpecs,
  ...emailChangeSpecs,
});
