import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserOperations as ops, type UserSettings } from '@verdant/contracts/current-user';
import { call, keyOf, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

const NAV_ICONS = 'nav-icons';
const navIconsInput = { params: { key: NAV_ICONS } };

export function useFullMenu() {
  return useOperation(ops.fullMenu, {}, { select: (answer) => answer.items, staleTime: 5 * 60_000 });
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

/** The person's pinned pages: the setting's answer as it was stored, kept until the next save. */
export function useNavIcons() {
  return useOperation(ops.setting, navIconsInput, {
    select: (answer) => parseNavIcons(answer[NAV_ICONS]),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveNavIcons() {
  const queryClient = useQueryClient();
  const navIconsKey = keyOf(ops.setting, navIconsInput, useOrganisationId());
  return useMutation({
    mutationFn: (ids: string[]) =>
      call(ops.saveSetting, { params: { key: NAV_ICONS }, body: { value: JSON.stringify(ids) } }),
    // The side navigation updates at once; a failed save puts the previous list back.
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: navIconsKey });
      const previous = queryClient.getQueryData<Record<string, string | null>>(navIconsKey);
      queryClient.setQueryData(navIconsKey, { [NAV_ICONS]: JSON.stringify(ids) });
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(navIconsKey, context.previous);
    },
  });
}

export function useUserSettings() {
  return useOperation(ops.settings, {});
}

/** Saves some settings (null removes one); the page shows the change at once and undoes it on failure. */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  const settingsKey = keyOf(ops.settings, {}, useOrganisationId());
  return useMutation({
    mutationFn: (values: Record<string, string | null>) => call(ops.saveSettings, { body: values }),
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
