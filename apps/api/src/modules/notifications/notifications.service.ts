import type { Db } from '@verdant/db/client';
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
      return q.listFor(db, a.user.id, a.organisationId);
    },

    async remove(a: Caller, notificationId: number) {
      if (!(await q.visibleTo(db, notificationId, a.organisationId))) throw notFound();
      await q.removeFor(db, a.user.id, notificationId);
      return q.listFor(db, a.user.id, a.organisationId);
    },

    async create(a: Caller, text: string, organisationId: number | null) {
      const row = await q.insert(db, { text, organisationId, createdBy: a.user.id });
      if (!row) throw new Error('notification not created');
      return { notificationId: row.id, notificationText: row.text };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
