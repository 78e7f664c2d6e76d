import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { HEADERS } from '@verdant/contracts/common';
import type { Db } from '@verdant/db/client';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Mailer } from './lib/mail';
import { createLocalStorage } from './lib/storage';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { currentUserRoutes } from './modules/current-user/current-user.routes';
import { createCurrentUserService } from './modules/current-user/current-user.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { deletedAssetsRoutes } from './modules/deleted-assets/deleted-assets.routes';
import { createDeletedAssetsService } from './modules/deleted-assets/deleted-assets.service';
import { entitiesRoutes } from './modules/entities/entities.routes';
import { createEntitiesService } from './modules/entities/entities.service';
import { entityDetailsRoutes } from './modules/entities/entity-details.routes';
import { createEntityDetailsService } from './modules/entities/entity-details.service';
import { filesRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { healthRoutes } from './modules/health/health.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { createJobsService } from './modules/jobs/jobs.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { organisationsRoutes } from './modules/organisations/organisations.routes';
import { createOrganisationsService } from './modules/organisations/organisations.service';
import { referenceRoutes } from './modules/reference/reference.routes';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchService } from './modules/search/search.service';
import { createSiteExportService } from './modules/sites/site-export.service';
import { sitesRoutes } from './modules/sites/sites.routes';
import { createSitesService } from './modules/sites/sites.service';
import { advancedRightsRoutes } from './modules/users/advanced-rights.routes';
import { createAdvancedRightsService } from './modules/users/advanced-rights.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { authenticate } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The time; tests fix it so that 'last month' is known. */
  clock?: () => Date;
}

/** Builds the whole HTTP application; main.ts and every test call this. */
export async function buildApp({ config, db, mailer, logger, clock = () => new Date() }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    bodyLimit: 10 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Mantine and ECharts set inline style attributes; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Map tiles for entity locations (apps/web/src/features/entities/map-tiles.ts).
        'img-src': ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
        // Plain-HTTP installs (an intranet address and port) must keep working.
        'upgrade-insecure-requests': null,
      },
    },
  });
  // JSON answers and CSV exports above 1 kB travel compressed (br or gzip, as the browser accepts); the built web
  // app's files are compressed once at build time and served as they are (plugins/web.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, { global: false });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  app.addHook('onSend', async (request, reply) => {
    reply.header(HEADERS.requestId, request.id);
  });

  const auth = createAuthService({ db, config, mailer });
  const currentUser = createCurrentUserService({ db, auth });
  const users = createUsersService({ db, config, mailer, auth });
  const advancedRights = createAdvancedRightsService({ db });
  const notifications = createNotificationsService({ db });
  const search = createSearchService({ db });
  const catalogue = createCatalogueService({ db });
  const dashboard = createDashboardService({ db, clock });
  const entities = createEntitiesService({ db, clock });
  const organisations = createOrganisationsService({ db, clock });
  const files = createFilesService({ db, config, clock });
  const jobs = createJobsService({ db, clock });
  const sites = createSitesService({ db, clock });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { auth, config });
      await api.register(filesRoutes, { service: files, auth });
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', authenticate(auth));
        await signedIn.register(currentUserRoutes, { service: currentUser, auth });
        await signedIn.register(usersRoutes, { service: users });
        await signedIn.register(advancedRightsRoutes, { service: advancedRights });
        await signedIn.register(notificationsRoutes, { service: notifications });
        await signedIn.register(searchRoutes, { service: search });
        await signedIn.register(catalogueRoutes, { service: catalogue });
        await signedIn.register(dashboardRoutes, { service: dashboard });
        await signedIn.register(entitiesRoutes, { service: entities });
        await signedIn.register(entityDetailsRoutes, { service: createEntityDetailsService({ db }) });
        await signedIn.register(organisationsRoutes, { service: organisations });
        await signedIn.register(jobsRoutes, { service: jobs });
        await signedIn.register(sitesRoutes, { service: sites, exporter: createSiteExportService({ db }) });
        await signedIn.register(referenceRoutes, { db });
        await signedIn.register(deletedAssetsRoutes, {
          service: createDeletedAssetsService({
            db,
            clock,
            storage: createLocalStorage(path.join(config.dataDir, 'files')),
          }),
        });
      });
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
