import { errorResponse } from '@verdant/contracts/common';
import { emailChangeStatus, emailChangeToken, messageAnswer } from '@verdant/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { EmailChanges } from './email-change.service';

const tags = ['Users'];

/** Public: the link mailed to the old address carries its own proof, so no session is needed. */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ service: EmailChanges; config: Config }> = async (
  app,
  { service, config },
) => {
  const perIp = {
    rateLimit: { max: config.PUBLIC_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
    access: 'signed-link' as const,
  };

  app.get(
    '/public/email-change',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Whether a link confirming a change of email is still usable, and the change it makes',
        querystring: emailChangeToken,
        response: { 200: emailChangeStatus },
      },
    },
    async (req) => service.check(req.query.token),
  );

  app.post(
    '/public/email-change',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Confirm a change of email with the link mailed to the old address',
        body: emailChangeToken,
        response: { 200: messageAnswer, 400: errorResponse, 429: errorResponse },
      },
    },
    async (req) => ({ success: true as const, message: await service.confirm(req.body.token) }),
  );
};
