import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  currentUser,
  fullMenu,
  orgSummary,
  settingValue,
  type UserSettings,
  userSettings,
} from '@verdant/contracts/current-user';
import { ACCESS } from '@verdant/domain/constants';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { useOrganisationId } from '../../lib/session-store';

const NAV_ICONS = 'nav-icons';
const navIconsKey = ['current-user', 'settings', NAV_ICONS] as const;
const settingAnswer = z.record(z.string(), settingValue.nullable());

export function useOrgSummary() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: ['current-user', orgId, 'org-summary'],
    queryFn: ({ signal }) => api.get('/current-user/org-summary', { schema: orgSummary, signal }),
    enabled: orgId !== null,
  });
}

/**
 * The signed-in person as the current organisation sees them (administrator or not, conttypeId): the
 * session keeps the answer of sign-in, which an organisation switch makes stale.
 */
export function useUserDetails() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: ['current-user', orgId, 'user-details'],
    queryFn: ({ signal }) => api.get('/current-user/user-details', { schema: currentUser, signal }),
    staleTime: 5 * 60_000,
  });
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

export function useFullMenu() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: ['current-user', orgId, 'full-menu'],
    queryFn: ({ signal }) => api.get('/current-user/full-menu', { schema: fullMenu, signal }),
    select: (answer) => answer.items,
    staleTime: 5 * 60_000,
  });
}

/** The stored value is a JSON list of menu ids; anything else is treated as "nothing pinned". */
function parseNavIcons(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function useNavIcons() {
  return useQuery({
    queryKey: navIconsKey,
    queryFn: async ({ signal }) => {
      const answer = await api.get(`/current-user/user-settings/${NAV_ICONS}`, {
        schema: settingAnswer,
        signal,
      });
      return parseNavIcons(answer[NAV_ICONS]);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveNavIcons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.put(`/current-user/user-settings/${NAV_ICONS}`, { body: { value: JSON.stringify(ids) } }),
    // The side navigation updates at once; a failed save puts the previous list back.
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: navIconsKey });
      const previous = queryClient.getQueryData<string[]>(navIconsKey);
      queryClient.setQueryData(navIconsKey, ids);
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(navIconsKey, context.previous);
    },
  });
}

const settingsKey = ['current-user', 'all-settings'] as const;

export function useUserSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get('/current-user/user-settings', { schema: userSettings, signal }),
  });
}

/** Saves some settings (null removes one); the page shows the change at once and undoes it on failure. */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, string | null>) =>
      api.put('/current-user/user-settings', { body: values, schema: userSettings }),
    onMutate: async (values) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const previous = queryClient.getQueryData<UserSettings>(settingsKey);
      const next: UserSettings = { ...previous };
      for (const [key, value] of Object.entries(values)) {
        if (value === null) delete next[key];
        else next[key] = value;
      }
      queryClient.setQueryData(settingsKey, next);
      return { previous };
    },
    onError: (_error, _values, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKey, context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, answer),
  });
}
