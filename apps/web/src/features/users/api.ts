import { useDebouncedValue } from '@mantine/hooks';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CreateUserRequest,
  checkAnswer,
  createdUserAnswer,
  messageAnswer,
  type User,
  type UsersList,
  type UserUpdate,
  user as userSchema,
  usersList,
} from '@verdant/contracts/users';
import { DEBOUNCE_MS, LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { useCallback } from 'react';
import { z } from 'zod';
import { withChange } from '../../components/user-update';
import { api } from '../../lib/api-client';
import { pageQuery } from '../../lib/paging';
import { enqueue } from '../../lib/serial-queue';
import { updateSessionUser, useOrganisationId } from '../../lib/session-store';
import { usePagedList } from '../../lib/use-paged-list';

export const userKeys = {
  all: (orgId: number | null) => ['users', orgId] as const,
  lists: (orgId: number | null) => ['users', orgId, 'list'] as const,
  list: (orgId: number | null, q: string) => ['users', orgId, 'list', q] as const,
  user: (orgId: number | null, id: number) => ['users', orgId, 'user', id] as const,
  options: (orgId: number | null, q: string) => ['users', orgId, 'options', q] as const,
};

const usersPath = (offset: number, limit: number, q: string) =>
  `/users?${pageQuery(offset, limit, {}, { q })}`;

/** Pages of LIST_PAGE_SIZE; the next page starts after the rows already loaded. */
export function useUsersList(q: string) {
  const orgId = useOrganisationId();
  return usePagedList(
    userKeys.list(orgId, q),
    'users',
    (offset, signal) => api.get(usersPath(offset, LIST_PAGE_SIZE, q), { schema: usersList, signal }),
    orgId !== null,
  );
}

/** A few people of the organisation matching a name, for pickers. */
export function useUserOptions(q: string) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: userKeys.options(orgId, q),
    queryFn: ({ signal }) => api.get(usersPath(0, 20, q), { schema: usersList, signal }),
    placeholderData: keepPreviousData,
    enabled: orgId !== null,
  });
}

/** One person, starting from the row the list already holds. */
export function useUser(row: User) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: userKeys.user(orgId, row.id),
    queryFn: ({ signal }) => api.get(`/users/${row.id}`, { schema: userSchema, signal }),
    initialData: row,
  });
}

/** Puts a saved person into their own entry and into every loaded page of the list. */
function storeUser(queryClient: QueryClient, orgId: number | null, saved: User): void {
  queryClient.setQueryData(userKeys.user(orgId, saved.id), saved);
  updateSessionUser(saved);
  queryClient.setQueriesData<InfiniteData<UsersList>>({ queryKey: userKeys.lists(orgId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            users: page.users.map((u) => (u.id === saved.id ? { ...saved, mayEdit: u.mayEdit } : u)),
          })),
        }
      : data,
  );
}

/**
 * Saves one change of a person: the whole user as last saved with that change applied. Saves of the same
 * person run one after another, each from the answer of the one before.
 */
export function useSaveUser(row: User) {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useCallback(
    (change: Partial<UserUpdate>) =>
      enqueue(`user:${row.id}`, async () => {
        const base = queryClient.getQueryData<User>(userKeys.user(orgId, row.id)) ?? row;
        const saved = await api.put(`/users/${row.id}`, {
          body: withChange(base, change),
          schema: userSchema,
        });
        storeUser(queryClient, orgId, saved);
        return saved;
      }),
    [queryClient, orgId, row],
  );
}

/** A toggle (admin, product block) saved through the same queue, with a pending state for its button. */
export function useUserToggle(row: User) {
  const save = useSaveUser(row);
  return useMutation({ mutationFn: save });
}

const grantAnswer = z.object({ success: z.literal(true), data: userSchema.nullable() });

export function useGrantAccess(userId: number) {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (accessId: number) =>
      api.put(`/users/${userId}/grant/${accessId}/to/${orgId}`, { schema: grantAnswer }),
    onSuccess: async (answer) => {
      if (answer.data) storeUser(queryClient, orgId, answer.data);
      else await queryClient.invalidateQueries({ queryKey: userKeys.lists(orgId) });
    },
  });
}

export function useOrganisationBlock(userId: number) {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      blocked
        ? api.post(`/users/${userId}/block/${orgId}`, { schema: userSchema })
        : api.delete(`/users/${userId}/block/${orgId}`, { schema: userSchema }),
    onSuccess: (saved) => storeUser(queryClient, orgId, saved),
  });
}

export function useDeleteUser(userId: number) {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: () => api.delete(`/users/${userId}`, { schema: messageAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists(orgId) }),
  });
}

export function useResetPassword(userId: number) {
  return useMutation({
    mutationFn: (password: string) =>
      api.put(`/users/${userId}/reset-password`, { body: { password }, schema: messageAnswer }),
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: ({ level, body }: { level: number; body: CreateUserRequest }) =>
      api.post(`/users/create/and-grant/${level}/to/${orgId}`, { body, schema: createdUserAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) }),
  });
}

export function checkEmail(email: string, signal?: AbortSignal) {
  return api.get(`/users/email-check/${encodeURIComponent(email)}`, { schema: checkAnswer, signal });
}

export function checkLoginId(loginId: string, signal?: AbortSignal) {
  return api.get(`/users/id-check/${encodeURIComponent(loginId)}`, { schema: checkAnswer, signal });
}

/**
 * Whether an email or login id may be used for a new user, asked DEBOUNCE_MS after the last keystroke
 * and only once the value passes the browser's own rules.
 */
export function useAvailabilityCheck(kind: 'email' | 'login-id', value: string, enabled: boolean) {
  const orgId = useOrganisationId();
  const [debounced] = useDebouncedValue(value, DEBOUNCE_MS);
  const settled = debounced === value;
  const check = useQuery({
    queryKey: [...userKeys.all(orgId), `${kind}-check`, debounced],
    queryFn: ({ signal }) =>
      kind === 'email' ? checkEmail(debounced, signal) : checkLoginId(debounced, signal),
    enabled: enabled && settled && debounced !== '',
    staleTime: 0,
    retry: false,
  });
  const answered = enabled && settled && check.data !== undefined && !check.isFetching;
  return {
    checking: enabled && (!settled || check.isFetching),
    message: answered && check.data?.success === false ? (check.data.message ?? null) : null,
  };
}
