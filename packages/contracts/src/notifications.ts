import { z } from 'zod';
import { int4, int4Param, text } from './common';

export const notification = z.object({ notificationId: z.number(), notificationText: text() });
export type Notification = z.infer<typeof notification>;
export const notificationList = z.array(notification);
export const notificationIdParam = z.object({ id: int4Param().positive() });
export const createNotificationRequest = z.object({
  text: text().trim().min(1, 'Enter the notification text').max(2000),
  /** Omit to notify administrators of every organisation. */
  organisationId: int4().positive().nullable().optional(),
});
