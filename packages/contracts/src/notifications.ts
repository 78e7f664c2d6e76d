import { z } from 'zod';
import { administrator } from './access';
import { idNumber, int4, text } from './common';
import { defineOperations } from './operations';

export const notification = z.object({ notificationId: z.number(), notificationText: text() });
export type Notification = z.infer<typeof notification>;
export const notificationList = z.array(notification);
export const notificationIdParam = z.object({ id: idNumber() });
export const createNotificationRequest = z.object({
  text: text().trim().min(1, 'Enter the notification text').max(2000),
  /** Omit to notify administrators of every organisation. */
  organisationId: int4().positive().nullable().optional(),
});

/** Administrators of the session's organisation read them; product administrators without one too. */
const organisationAdministrator = administrator('session', { withoutOrganisation: 'product-administrator' });

/** Notices for administrators (core-portal.md 2 and 4): read, remove for oneself, publish. */
export const notificationsOperations = defineOperations('notifications', {
  list: {
    method: 'GET',
    path: '/admin/notifications',
    summary: 'Notifications for an administrator of the current organisation',
    access: organisationAdministrator,
    answer: notificationList,
  },
  one: {
    method: 'GET',
    path: '/admin/notifications/:id',
    summary: 'One notification for an administrator of the current organisation (not found once removed)',
    access: organisationAdministrator,
    params: notificationIdParam,
    answer: notification,
  },
  remove: {
    method: 'DELETE',
    path: '/admin/notifications/:id',
    summary: 'Remove a notification permanently for the caller',
    access: organisationAdministrator,
    params: notificationIdParam,
    answer: notificationList,
  },
  create: {
    method: 'POST',
    path: '/admin/notifications',
    summary: 'Publish a notification (product administrators)',
    access: 'product-administrator',
    body: createNotificationRequest,
    answer: notification,
  },
});
