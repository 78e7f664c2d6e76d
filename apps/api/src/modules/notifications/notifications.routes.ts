import {
  createNotificationRequest,
  notification,
  notificationIdParam,
  notificationList,
} from '@verdant/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { NotificationsService } from './notifications.service';

const base = signedInDocs('Notifications');
const errors = REQUEST_ERRORS;

export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/admin/notifications',
    {
      config: {
        access: {
          role: 'administrator',
          organisation: 'session',
          withoutOrganisation: 'product-administrator',
        },
      },
      schema: {
        ...base,
        summary: 'Notifications for an administrator of the current organisation',
        response: { 200: notificationList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req)),
  );

  app.delete(
    '/admin/notifications/:id',
    {
      config: {
        access: {
          role: 'administrator',
          organisation: 'session',
          withoutOrganisation: 'product-administrator',
        },
      },
      schema: {
        ...base,
        summary: 'Remove a notification permanently for the caller',
        params: notificationIdParam,
        response: { 200: notificationList, ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id),
  );

  app.post(
    '/admin/notifications',
    {
      config: { access: 'product-administrator' },
      schema: {
        ...base,
        summary: 'Publish a notification (product administrators)',
        body: createNotificationRequest,
        response: { 200: notification, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.body.text, req.body.organisationId ?? null),
  );
};
