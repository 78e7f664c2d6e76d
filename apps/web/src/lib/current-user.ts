import { currentUserOperations as ops } from '@verdant/contracts/current-user';
import { ACCESS } from '@verdant/domain/constants';
import { useOperation } from './operations';
import { useOrganisationId } from './session-store';

/** Who is signed in and where: what every feature's pages ask of the current user (the current-user table). */

export function useOrgSummary() {
  const orgId = useOrganisationId();
  return useOperation(ops.orgSummary, orgId === null ? null : {});
}

/**
 * The signed-in person as the current organisation sees them (administrator or not, conttypeId): the
 * session keeps the answer of sign-in, which an organisation switch makes stale.
 */
export function useUserDetails() {
  return useOperation(ops.details, {}, { staleTime: 5 * 60_000 });
}

/**
 * Whether the person may edit in the current organisation (an administrator, or Primary Contact or General
 * User): the server's 'editor' rule (lib/rights.ts). Undefined while unknown, so nothing is offered early.
 */
export function useMayEditOrganisation(): boolean | undefined {
  const details = useUserDetails().data;
  if (!details) return undefined;
  return details.admin || (details.accessId >= ACCESS.primaryContact && details.accessId < ACCESS.observer);
}
