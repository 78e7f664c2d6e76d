import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@verdant/domain/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Serves the built web app; unknown /api paths answer 404 JSON, any other path falls back to index.html. */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasWeb) {
    // The web app's files are public; its calls to /api declare their own access.
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await app.register(fastifyStatic, {
      root: opts.webDist,
      // Look files up on each request, so a rebuilt web app is served without restarting.
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each file; they are sent to browsers that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fresh so new builds are picked up.
        // The same name may be answered as br, gzip or plain: caches must key on Accept-Encoding.
        res.setHeader('vary', 'Accept-Encoding');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          // Policies that govern documents mean nothing on a script or style sheet, and each of dozens of
          // small files would carry them (about half a kilobyte a response).
          for (const name of DOCUMENT_ONLY_HEADERS) (res as unknown as ServerResponse).removeHeader(name);
        } else if (filePath.endsWith('index.html')) {
          res.setHeader('cache-control', 'no-cache');
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // The router matches no route when a path part is longer than it allows: that is an address too long.
    if (url.split('/').some((part) => part.length > (app.initialConfig.maxParamLength ?? 100))) {
      return reply
        .status(414)
        .send({ success: false, message: MSG.uriTooLong, code: 'BAD_REQUEST', requestId: request.id });
    }
    if (url === '/api' || url.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ success: false, message: MSG.notFound, code: 'NOT_FOUND', requestId: request.id });
    }
    if (path.extname(url) && !url.endsWith('.html')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
