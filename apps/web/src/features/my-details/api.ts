import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type User, type UserUpdate, user as userSchema } from '@verdant/contracts/users';
import { useCallback } from 'react';
import { withChange } from '../../components/user-update';
import { api } from '../../lib/api-client';
import { enqueue } from '../../lib/serial-queue';
import { updateSessionUser, useSession } from '../../lib/session-store';

function useIds() {
  const session = useSession();
  return { userId: session?.user.id ?? null, orgId: session?.organisation?.id ?? null };
}

const myDetailsKey = (orgId: number | null, userId: number | null) => ['my-details', orgId, userId] as const;

/** The signed-in person's own record, as GET /users/{id} gives it in the current organisation. */
export function useMyDetails() {
  const { userId, orgId } = useIds();
  return useQuery({
    queryKey: myDetailsKey(orgId, userId),
    queryFn: ({ signal }) => api.get(`/users/${userId}`, { schema: userSchema, signal }),
    enabled: userId !== null && orgId !== null,
  });
}

/** Saves one change to one's own record: the whole record as last saved, one save at a time. */
export function useSaveMyDetails() {
  const queryClient = useQueryClient();
  const { userId, orgId } = useIds();
  return useCallback(
    (change: Partial<UserUpdate>) =>
      enqueue(`user:${userId}`, async () => {
        const base = queryClient.getQueryData<User>(myDetailsKey(orgId, userId));
        if (!base) throw new Error('My details are not loaded yet');
        const saved = await api.put(`/users/${userId}`, {
          body: withChange(base, change),
          schema: userSchema,
        });
        queryClient.setQueryData(myDetailsKey(orgId, userId), saved);
        updateSessionUser(saved);
        // The users list shows the same person; let it fetch the new details when next shown.
        void queryClient.invalidateQueries({ queryKey: ['users', orgId] });
        return saved;
      }),
    [queryClient, orgId, userId],
  );
}
