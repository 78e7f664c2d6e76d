import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { availableOrgs, orgSummary } from '@verdant/contracts/current-user';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { setSessionOrganisation } from '../../lib/session-store';

const switchAnswer = z.object({ success: z.literal(true), data: orgSummary });

/**
 * Each search text has its own cache entry and only the entry for the current text is shown, so an
 * answer that arrives after a newer one is never displayed.
 */
export function useAvailableOrgs(q: string) {
  return useQuery({
    queryKey: ['available-orgs', q],
    queryFn: ({ signal }) =>
      api.get(`/current-user/available-orgs?q=${encodeURIComponent(q)}`, { schema: availableOrgs, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSwitchOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orgId: number) =>
      api.put(`/current-user/organisation/${orgId}`, { schema: switchAnswer, organisationChange: true }),
    onSuccess: async (answer) => {
      await queryClient.cancelQueries();
      queryClient.removeQueries();
      setSessionOrganisation(answer.data);
    },
  });
}
