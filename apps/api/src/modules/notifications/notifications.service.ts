import type { Db } from '@verdant/db/client';
import { audit, created } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './notifications.queries';

/**
 * Notifications are for administrators of the current organisation (conttypeId 1); the client shows them
 * once per session. Removing one hides it from that user for good.
 */
export function createNotificationsService({ db }: { db: Db }) {
  return {
    async list(a: Caller) {
      return q.listFor(db, a.user.id, a.checked.organisationId);
    },

    /** One of those the list shows: another organisation's, or one the caller removed, is not found. */
    async one(a: Caller, notificationId: number) {
      const [row] = await q.listFor(db, a.user.id, a.checked.organisationId, notificationId);
      if (!row) throw notFound();
      return row;
    },

    async remove(a: Caller, notificationId: number) {
      if (!(await q.visibleTo(db, notificationId, a.checked.organisationId))) throw notFound();
      await q.removeFor(db, a.user.id, notificationId);
      return q.listFor(db, a.user.id, a.checked.organisationId);
    },

    async create(a: Caller, text: string, organisationId: number | null) {
      const row = await db.transaction(async (tx) => {
        const made = await q.insert(tx, { text, organisationId, createdBy: a.user.id });
        if (!made) throw new Error('notification not created');
        // In the organisation's log when it is for one organisation; product-wide otherwise.
        await audit(tx, a, {
          organisationId,
          action: 'publish',
          asset: { type: 'notification', id: made.id, name: made.text.slice(0, 80) },
          changes: created({ text: made.text }),
        });
        return made;
      });
      return { notificationId: row.id, notificationText: row.text };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
