import { notificationsOperations } from '@verdant/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { NotificationsService } from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  registerOperations(app, notificationsOperations, {
    list: (req) => service.list(callerOf(req)),
    one: (req) => service.one(callerOf(req), req.params.id),
    remove: (req) => service.remove(callerOf(req), req.params.id),
    create: (req) => service.create(callerOf(req), req.body.text, req.body.organisationId ?? null),
  });
};
