import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, its middleware built once: `@fastify/helmet` built it again on every
 * request, parsing the Content Security Policy each time. The headers are the same as they were: the same options,
 * the same middleware on the raw response (docs/decisions/performance.md, Helmet built once).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, next) => {
    apply(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined));
  });
});
