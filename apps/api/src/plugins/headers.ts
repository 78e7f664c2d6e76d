import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Two years, the usual preload figure. */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/**
 * Caching and transport headers of every answer:
 * - every API answer (tokens, people, figures) is `Cache-Control: no-store` unless its route chose otherwise
 *   (file downloads are `private, max-age=3600`);
 * - `Strict-Transport-Security` only when the request came over HTTPS: directly, or through a proxy that says so
 *   in `X-Forwarded-Proto` when `TRUST_PROXY` is set (Fastify's `request.protocol`). Over plain HTTP the header
 *   means nothing to a browser and would pin an intranet name to HTTPS it may not have.
 */
export const headersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
});
