import { z } from 'zod';

export const notification = z.object({ notificationId: z.number(), notificationText: z.string() });
export type Notification = z.infer<typeof notification>;
export const notificationList = z.array(notification);
export const notificationIdParam = z.object({ id: z.coerce.number().int().positive() });
export const createNotificationRequest = z.object({
  text: z.string().trim().min(1, 'Enter the notification text').max(2000),
  /** Omit to notify administrators of every organisation. */
  organisationId: z.number().int().positive().nullable().optional(),
});
