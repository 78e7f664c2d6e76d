import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { HEADERS } from '@verdant/contracts/common';
import type { Db } from '@verdant/db/client';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { type Config, tileOrigin } from './config';
import { registerFeatures } from './features';
import { type JobQueue, noJobQueue } from './jobs/job-definition';
import { createAccessCache } from './lib/access-cache';
import { createAnswerCache } from './lib/answer-cache';
import { type Background, createBackground } from './lib/background';
import type { Mailer } from './lib/mail';
import { createSigner } from './lib/signing-key';
import { createAuthService, type ResolvedSession } from './modules/auth/auth.service';
import { createOidcClient } from './modules/auth/oidc';
import { metricsPlugin } from './modules/health/metrics';
import { accessPlugin } from './plugins/auth';
import { bodiesPlugin } from './plugins/bodies';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { headersPlugin } from './plugins/headers';
import { openapiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The time; tests fix it so that 'last month' is known. */
  clock?: () => Date;
  /** Where services send background jobs (main.ts passes the job runner). */
  jobQueue?: JobQueue;
  /** Tests only: how the single sign-on client reaches the provider. */
  oidcFetch?: typeof fetch;
  /** Tests only: the work done after an answer, so a test can wait for it to settle rather than sleep. */
  background?: Background;
}

/** Builds the whole HTTP application; main.ts and every test call this. */
export async function buildApp({
  config,
  db,
  mailer,
  logger,
  clock = () => new Date(),
  jobQueue = noJobQueue,
  oidcFetch,
  background: givenBackground,
}: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    bodyLimit: 10 * 1024 * 1024,
    // The HTTP layer's own refusals (bad address, headers too large, bad Content-Length) answer the one shape.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        // Mantine and ECharts set inline style attributes; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        // The location maps' tile server (MAP_TILE_URL; apps/web/src/components/map-tiles.ts).
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          ...(config.mapTiles.url ? [tileOrigin(config.mapTiles.url) ?? ''].filter(Boolean) : []),
        ],
        // A stored original (an emailed PDF) is shown in a frame from a blob: address made in the page.
        'frame-src': ["'self'", 'blob:'],
        // Plain-HTTP installs (an intranet address and port) must keep working.
        'upgrade-insecure-requests': null,
      },
    },
    // Sent by plugins/headers.ts, over HTTPS only.
    strictTransportSecurity: false,
  });
  // JSON answers and CSV exports above 1 kB travel compressed (br or gzip, as the browser accepts); the built web
  // app's files are compressed once at build time and served as they are (plugins/web.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(bodiesPlugin);
  await app.register(headersPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(errorsPlugin);
  const background = givenBackground ?? createBackground(app.log);
  app.addHook('onClose', () => background.idle());
  const oidc = config.oidc
    ? createOidcClient({
        config: config.oidc,
        signer: createSigner({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET }),
        fetch: oidcFetch,
      })
    : undefined;
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  const access = pool
    ? createAccessCache<ResolvedSession>({
        seconds: config.SESSION_CACHE_SECONDS,
        connection: pool.options,
        log: (line) => app.log.warn(line),
      })
    : undefined;
  if (access) {
    app.addHook('onClose', () => access.close());
    // A call that changes anything answers once its changes to sessions and rights are heard here
    // (lib/access-cache.ts), so the next call sees them.
    app.addHook('onSend', async (request) => {
      if ((request.routeOptions.config as { intent?: string } | undefined)?.intent !== 'reads')
        await access.settle();
    });
  }
  if (pool)
    app.decorate('answerCache', createAnswerCache(db, { maxBytes: config.ANSWER_CACHE_MB * 1024 * 1024 }));
  const auth = createAuthService({ db, config, mailer, background, oidc, access });
  await app.register(accessPlugin, { auth, db, clock });
  await app.register(metricsPlugin, { db, token: config.METRICS_TOKEN });
  await app.register(openapiPlugin);
  app.addHook('onSend', async (request, reply) => {
    reply.header(HEADERS.requestId, request.id);
  });

  await app.register(
    (api) =>
      registerFeatures(api, { config, db, mailer, clock, jobQueue, auth, log: (line) => app.log.warn(line) }),
    { prefix: '/api' },
  );
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
