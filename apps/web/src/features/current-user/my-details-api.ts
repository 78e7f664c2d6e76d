import { useQueryClient } from '@tanstack/react-query';
import { usersOperations as ops, type User, type UserUpdate } from '@verdant/contracts/users';
import { useCallback } from 'react';
import { withChange } from '../../components/user-update';
import { call, invalidate, keyOf, useOperation } from '../../lib/operations';
import { enqueue } from '../../lib/serial-queue';
import { updateSessionUser, useSession } from '../../lib/session-store';

function useIds() {
  const session = useSession();
  return { userId: session?.user.id ?? null, orgId: session?.organisation?.id ?? null };
}

/** The signed-in person's own record, as GET /users/{id} gives it in the current organisation. */
export function useMyDetails() {
  const { userId, orgId } = useIds();
  return useOperation(ops.read, userId === null || orgId === null ? null : { params: { id: userId } });
}

/** Saves one change to one's own record: the whole record as last saved, one save at a time. */
export function useSaveMyDetails() {
  const queryClient = useQueryClient();
  const { userId, orgId } = useIds();
  return useCallback(
    (change: Partial<UserUpdate>) =>
      enqueue(`user:${userId}`, async () => {
        const key = keyOf(ops.read, { params: { id: userId as number } }, orgId);
        const base = queryClient.getQueryData<User>(key);
        if (!base) throw new Error('My details are not loaded yet');
        const saved = await call(ops.update, {
          params: { id: userId as number },
          body: withChange(base, change),
        });
        queryClient.setQueryData(key, saved);
        updateSessionUser(saved);
        // The users list shows the same person; let it fetch the new details when next shown.
        void invalidate(queryClient, ops.list);
        return saved;
      }),
    [queryClient, orgId, userId],
  );
}
