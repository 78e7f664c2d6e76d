import { useDebouncedValue } from '@mantine/hooks';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CreateUserRequest,
  usersOperations as ops,
  type User,
  type UsersList,
  type UserUpdate,
} from '@verdant/contracts/users';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { useCallback } from 'react';
import { withChange } from '../../components/user-update';
import { call, invalidate, keyOf, useOperation, usePagedOperation } from '../../lib/operations';
import { enqueue } from '../../lib/serial-queue';
import { updateSessionUser, useOrganisationId } from '../../lib/session-store';

/** Pages of LIST_PAGE_SIZE; the next page starts after the rows already loaded. */
export function useUsersList(q: string) {
  const orgId = useOrganisationId();
  return usePagedOperation(ops.list, orgId === null ? null : { query: { q: q || undefined } }, 'users');
}

/** A few people of the organisation matching a name, for pickers. */
export function useUserOptions(q: string) {
  const orgId = useOrganisationId();
  return useOperation(
    ops.list,
    orgId === null ? null : { query: { offset: 0, limit: 20, q: q || undefined } },
    {
      placeholderData: keepPreviousData,
    },
  );
}

const userKey = (orgId: number | null, id: number) => keyOf(ops.read, { params: { id } }, orgId);

/** One person, starting from the row the list already holds. */
export function useUser(row: User) {
  const query = useOperation(ops.read, { params: { id: row.id } }, { initialData: row });
  return { ...query, data: query.data ?? row };
}

/** Puts a saved person into their own entry and into every loaded page of the list. */
function storeUser(queryClient: QueryClient, orgId: number | null, saved: User): void {
  queryClient.setQueryData(userKey(orgId, saved.id), saved);
  updateSessionUser(saved);
  const replace = (page: UsersList) => ({
    ...page,
    users: page.users.map((u) => (u.id === saved.id ? { ...saved, mayEdit: u.mayEdit } : u)),
  });
  queryClient.setQueriesData<InfiniteData<UsersList> | UsersList>({ queryKey: keyOf(ops.list) }, (data) => {
    if (!data) return data;
    return 'pages' in data ? { ...data, pages: data.pages.map(replace) } : replace(data);
  });
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
        const base = queryClient.getQueryData<User>(userKey(orgId, row.id)) ?? row;
        const saved = await call(ops.update, { params: { id: row.id }, body: withChange(base, change) });
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

export function useGrantAccess(userId: number) {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (accessId: number) =>
      call(ops.grant, { params: { id: userId, accessId, orgId: orgId as number } }),
    onSuccess: async (answer) => {
      if (answer.data) storeUser(queryClient, orgId, answer.data);
      else await invalidate(queryClient, ops.list);
    },
  });
}

export function useOrganisationBlock(userId: number) {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      call(blocked ? ops.block : ops.unblock, { params: { id: userId, orgId: orgId as number } }),
    onSuccess: (saved) => storeUser(queryClient, orgId, saved),
  });
}

export function useDeleteUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.remove, { params: { id: userId } }),
    onSuccess: () => invalidate(queryClient, ops.list),
  });
}

export function useResetPassword(userId: number) {
  return useMutation({
    mutationFn: (password: string) => call(ops.resetPassword, { params: { id: userId }, body: { password } }),
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: ({ level, body }: { level: number; body: CreateUserRequest }) =>
      call(ops.createAndGrant, { params: { level, org: orgId as number }, body }),
    onSuccess: () => invalidate(queryClient, ops),
  });
}

export function checkEmail(email: string, signal?: AbortSignal) {
  return call(ops.emailCheck, { params: { email } }, { signal });
}

export function checkLoginId(loginId: string, signal?: AbortSignal) {
  return call(ops.idCheck, { params: { id: loginId } }, { signal });
}

/**
 * Whether an email or login id may be used for a new user, asked DEBOUNCE_MS after the last keystroke
 * and only once the value passes the browser's own rules.
 */
export function useAvailabilityCheck(kind: 'email' | 'login-id', value: string, enabled: boolean) {
  const [debounced] = useDebouncedValue(value, DEBOUNCE_MS);
  const settled = debounced === value;
  const asked = enabled && settled && debounced !== '';
  const options = { staleTime: 0, retry: false } as const;
  const email = useOperation(
    ops.emailCheck,
    asked && kind === 'email' ? { params: { email: debounced } } : null,
    options,
  );
  const loginId = useOperation(
    ops.idCheck,
    asked && kind === 'login-id' ? { params: { id: debounced } } : null,
    options,
  );
  const check = kind === 'email' ? email : loginId;
  const answered = enabled && settled && check.data !== undefined && !check.isFetching;
  return {
    checking: enabled && (!settled || check.isFetching),
    message: answered && check.data?.success === false ? (check.data.message ?? null) : null,
  };
}
