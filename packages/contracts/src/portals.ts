import { defineOperations } from './operations';
import { portalSpecs } from './portals/admin';
import { publicPortalSpecs } from './portals/public';
import { reviewSpecs } from './portals/review';

/**
 * Data-entry portals and custom portals (data-portal.md 2.9, 3, 4, 5, 7, 8, 9; core-portal.md `/portals/{url}`):
 * the spec's calls, the public page's calls with the link's key, and review.
 */
export const portalsOperations = defineOperations('portals', {
  ...portalSpecs,
  ...reviewSpecs,
  ...publicPortalSpecs,
});
