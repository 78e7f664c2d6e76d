import type { Db } from '@verdant/db/client';
import { forbidden, notFound } from '../../lib/errors';
import { allows, organisationRoles } from '../../lib/rights';
import type { AuthContext } from '../../plugins/auth';
import * as q from './notifications.queries';

/**
 * Notifications are for administrators of the current organisation (conttypeId 1); the client shows them
 * once per session. Removing one hides it from that user for good.
 */
export function createNotificationsService({ db }: { db: Db }) {
  async function assertAdministrator(a: AuthContext) {
    if (a.organisationId === null) {
      if (a.principal.productAdmin) return;
      throw forbidden();
    }
    const role = (await organisationRoles(db, a.principal, [a.organisationId])).get(a.organisationId);
    if (!allows(a.principal, role, 'administer')) throw forbidden();
  }

  return {
    async list(a: AuthContext) {
      await assertAdministrator(a);
      return q.listFor(db, a.user.id, a.organisationId);
    },

    async remove(a: AuthContext, notificationId: number) {
      await assertAdministrator(a);
      if (!(await q.visibleTo(db, notificationId, a.organisationId))) throw notFound();
      await q.removeFor(db, a.user.id, notificationId);
      return q.listFor(db, a.user.id, a.organisationId);
    },

    async create(a: AuthContext, text: string, organisationId: number | null) {
      if (!a.principal.productAdmin) throw forbidden();
      const row = await q.insert(db, { text, organisationId, createdBy: a.user.id });
      if (!row) throw new Error('notification not created');
      return { notificationId: row.id, notificationText: row.text };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
