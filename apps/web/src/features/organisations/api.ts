import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserOperations as ops } from '@verdant/contracts/current-user';
import { call, useOperation } from '../../lib/operations';
import { setSessionOrganisation } from '../../lib/session-store';

/**
 * Each search text has its own cache entry and only the entry for the current text is shown, so an
 * answer that arrives after a newer one is never displayed.
 */
export const useAvailableOrgs = (q: string) =>
  useOperation(ops.availableOrgs, { query: { q } }, { placeholderData: keepPreviousData });

/** Switches the session to another organisation: its answer legitimately names another organisation. */
export const switchOrganisation = (orgId: number) =>
  call(ops.switchOrganisation, { params: { orgId } }, { organisationChange: true });

export function useSwitchOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchOrganisation,
    onSuccess: async (answer) => {
      await queryClient.cancelQueries();
      queryClient.removeQueries();
      setSessionOrganisation(answer.data);
    },
  });
}
