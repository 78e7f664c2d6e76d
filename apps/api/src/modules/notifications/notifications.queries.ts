import type { DbOrTx } from '@verdant/db/client';
import { notificationRemovals, notifications } from '@verdant/db/schema/core';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';

/**
 * Notifications for an organisation (or every organisation) that the user has not removed, newest first; only the
 * one of that id when given.
 */
export async function listFor(db: DbOrTx, userId: number, organisationId: number | null, id?: number) {
  return db
    .select({ notificationId: notifications.id, notificationText: notifications.text })
    .from(notifications)
    .leftJoin(
      notificationRemovals,
      and(eq(notificationRemovals.notificationId, notifications.id), eq(notificationRemovals.userId, userId)),
    )
    .where(
      and(
        isNull(notificationRemovals.userId),
        id === undefined ? undefined : eq(notifications.id, id),
        organisationId === null
          ? isNull(notifications.organisationId)
          : or(isNull(notifications.organisationId), eq(notifications.organisationId, organisationId)),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

export async function removeFor(db: DbOrTx, userId: number, notificationId: number) {
  await db.insert(notificationRemovals).values({ notificationId, userId }).onConflictDoNothing();
}

export async function insert(db: DbOrTx, values: typeof notifications.$inferInsert) {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

export async function visibleTo(db: DbOrTx, notificationId: number, organisationId: number | null) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.id, notificationId),
        sql`(${notifications.organisationId} is null or ${notifications.organisationId} = ${organisationId})`,
      ),
    );
  return row !== undefined;
}
