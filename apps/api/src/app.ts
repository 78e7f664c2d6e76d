import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { HEADERS } from '@verdant/contracts/common';
import type { Db } from '@verdant/db/client';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { type Config, tileOrigin } from './config';
import { type JobQueue, noJobQueue } from './jobs/job-definition';
import { createAccessCache } from './lib/access-cache';
import { type Background, createBackground } from './lib/background';
import { createDirectLinks } from './lib/direct-links';
import type { Mailer } from './lib/mail';
import { createSigner } from './lib/signing-key';
import { createLocalStorage } from './lib/storage';
import { adminReportsRoutes } from './modules/admin-reports/admin-reports.routes';
import { createAdminReportsService } from './modules/admin-reports/admin-reports.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService, type ResolvedSession } from './modules/auth/auth.service';
import { createOidcClient } from './modules/auth/oidc';
import { benchmarkRoutes } from './modules/benchmark/benchmark.routes';
import { createBenchmarkService } from './modules/benchmark/benchmark.service';
import { createLibraryService } from './modules/benchmark/library.service';
import { createAdminChecksService } from './modules/catalogue/admin-checks.service';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createCatalogueAdminService } from './modules/catalogue/catalogue-admin.service';
import { createCatalogueFactorsService } from './modules/catalogue/catalogue-factors.service';
import { createEditionPolicyService } from './modules/catalogue/edition-policy.service';
import { editionsRoutes } from './modules/catalogue/editions.routes';
import { createEditionsService } from './modules/catalogue/editions.service';
import { restatementsRoutes } from './modules/catalogue/restatements.routes';
import { createRestatementsService } from './modules/catalogue/restatements.service';
import { currentUserRoutes } from './modules/current-user/current-user.routes';
import { createCurrentUserService } from './modules/current-user/current-user.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { dataLibraryRoutes } from './modules/data-library/data-library.routes';
import { createDataLibraryService } from './modules/data-library/data-library.service';
import { createAlertsReportService } from './modules/data-sources/alerts-report.service';
import { dataSourcesRoutes } from './modules/data-sources/data-sources.routes';
import { createDataSourcesService } from './modules/data-sources/data-sources.service';
import { createMeterConsumptionService } from './modules/data-sources/meter-consumption.service';
import { createMeterCreationService } from './modules/data-sources/meter-creation.service';
import { createMeterDistributionService } from './modules/data-sources/meter-distribution.service';
import { createMeterExportService } from './modules/data-sources/meter-export.service';
import { createMeterMovesService } from './modules/data-sources/meter-moves.service';
import { createMeterNotesService } from './modules/data-sources/meter-notes.service';
import { createMeterSettingsService } from './modules/data-sources/meter-settings.service';
import { createMetersService } from './modules/data-sources/meters.service';
import { createTransactionsService } from './modules/data-sources/transactions.service';
import { deletedAssetsRoutes } from './modules/deleted-assets/deleted-assets.routes';
import { createDeletedAssetsService } from './modules/deleted-assets/deleted-assets.service';
import { emailProcessingRoutes } from './modules/email-processing/email-processing.routes';
import { createEmailQueuesService } from './modules/email-processing/queues.service';
import { createEmailTemplatesService } from './modules/email-processing/templates.service';
import { entitiesRoutes } from './modules/entities/entities.routes';
import { createEntitiesService } from './modules/entities/entities.service';
import { createEntityDetailsService } from './modules/entities/entity-details.service';
import { createEntityFiguresService } from './modules/entities/entity-figures.service';
import { filesRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { fleetRoutes } from './modules/fleet/fleet.routes';
import { createFleetService } from './modules/fleet/fleet.service';
import { createFleetExportService } from './modules/fleet/fleet-export.service';
import { ghgChartsRoutes } from './modules/ghg-charts/ghg-charts.routes';
import { createGhgChartsService } from './modules/ghg-charts/ghg-charts.service';
import { createFavouriteGraphsService } from './modules/graphs/favourite-graphs.service';
import { graphsRoutes } from './modules/graphs/graphs.routes';
import { createGraphsService } from './modules/graphs/graphs.service';
import { groupingsRoutes } from './modules/groupings/groupings.routes';
import { createGroupingsService } from './modules/groupings/groupings.service';
import { createGroupsService } from './modules/groupings/groups.service';
import { halfHourRoutes } from './modules/half-hour/half-hour.routes';
import { createHalfHourService } from './modules/half-hour/half-hour.service';
import { healthRoutes } from './modules/health/health.routes';
import { metricsPlugin } from './modules/health/metrics';
import { importsRoutes } from './modules/imports/imports.routes';
import { createImportsService } from './modules/imports/imports.service';
import { unknownMetersRoutes } from './modules/imports/unknown-meters.routes';
import {
  evaluateInvoiceAlerts,
  halfHourCheckOf,
  toInvoiceAlert,
} from './modules/invoices/invoice-alerts.evaluate';
import * as invoiceAlertQueries from './modules/invoices/invoice-alerts.queries';
import { createInvoiceAlertsService } from './modules/invoices/invoice-alerts.service';
import { invoiceFilesRoutes } from './modules/invoices/invoice-files.routes';
import { createInvoiceFilesService } from './modules/invoices/invoice-files.service';
import { createInvoiceListService } from './modules/invoices/invoice-list.service';
import { createInvoiceReversalService } from './modules/invoices/invoice-reversal.service';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { createJobsService } from './modules/jobs/jobs.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { orgWideUpdatesRoutes } from './modules/org-wide-updates/org-wide-updates.routes';
import { createOrgWideUpdatesService } from './modules/org-wide-updates/org-wide-updates.service';
import { organisationsRoutes } from './modules/organisations/organisations.routes';
import { createOrganisationsService } from './modules/organisations/organisations.service';
import { createPortalAdminService } from './modules/portals/portal-admin.service';
import { createPortalListService } from './modules/portals/portal-list.service';
import { createPortalPublicService } from './modules/portals/portal-public.service';
import { createPortalReviewService } from './modules/portals/portal-review.service';
import { portalsRoutes } from './modules/portals/portals.routes';
import { publicDatasetsRoutes } from './modules/public-datasets/public-datasets.routes';
import { createPublicDatasetsService } from './modules/public-datasets/public-datasets.service';
import { ratesRoutes } from './modules/rates/rates.routes';
import { createRatesService } from './modules/rates/rates.service';
import { referenceRoutes } from './modules/reference/reference.routes';
import { compReportRoutes } from './modules/reports/comp-report.routes';
import { createCompReportService } from './modules/reports/comp-report.service';
import { createEmailNowService } from './modules/reports/email-now.service';
import { createEmailedService } from './modules/reports/emailed.service';
import { createFavouriteFormService } from './modules/reports/favourite-form.service';
import { createFavouritesService } from './modules/reports/favourites.service';
import { createReportCatalogueService } from './modules/reports/report-catalogue.service';
import { createReportJobsService } from './modules/reports/report-jobs.service';
import { createReportRunService } from './modules/reports/report-run.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { retailersRoutes } from './modules/retailers/retailers.routes';
import { createRetailersService } from './modules/retailers/retailers.service';
import { scope2InstrumentsRoutes } from './modules/scope2-instruments/scope2-instruments.routes';
import { createScope2InstrumentsService } from './modules/scope2-instruments/scope2-instruments.service';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchService } from './modules/search/search.service';
import { createSiteExportService } from './modules/sites/site-export.service';
import { sitesRoutes } from './modules/sites/sites.routes';
import { createSitesService } from './modules/sites/sites.service';
import { targetsRoutes } from './modules/targets/targets.routes';
import { createTargetsService } from './modules/targets/targets.service';
import { timeMatchedRoutes } from './modules/time-matched/time-matched.routes';
import { createTimeMatchedService } from './modules/time-matched/time-matched.service';
import { toolsRoutes } from './modules/tools/tools.routes';
import { createToolsService } from './modules/tools/tools.service';
import { createAdvancedRightsService } from './modules/users/advanced-rights.service';
import { createEmailChanges } from './modules/users/email-change.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { accessPlugin } from './plugins/auth';
import { bodiesPlugin } from './plugins/bodies';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { headersPlugin } from './plugins/headers';
import { openapiPlugin } from './plugins/openapi';
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

  await app.register(helmet, {
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
  const auth = createAuthService({ db, config, mailer, background, oidc, access });
  await app.register(accessPlugin, { auth, db, clock });
  await app.register(metricsPlugin, { db, token: config.METRICS_TOKEN });
  await app.register(openapiPlugin);
  app.addHook('onSend', async (request, reply) => {
    reply.header(HEADERS.requestId, request.id);
  });

  const currentUser = createCurrentUserService({ db, auth });
  const emailChanges = createEmailChanges({ db, config, mailer });
  const users = createUsersService({ db, config, mailer, auth, emailChanges });
  const advancedRights = createAdvancedRightsService({ db });
  const notifications = createNotificationsService({ db });
  const search = createSearchService({ db });
  const catalogue = createCatalogueService({ db });
  const dashboard = createDashboardService({ db });
  const entities = createEntitiesService({ db, clock });
  const organisations = createOrganisationsService({ db, jobQueue });
  const files = createFilesService({ db, config, clock });
  const invoiceFiles = createInvoiceFilesService({ db, config, clock });
  const jobs = createJobsService({ db });
  const sites = createSitesService({ db, clock });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { auth, config });
      await api.register(filesRoutes, { service: files });
      await api.register(jobsRoutes, { service: jobs });
      const imports = createImportsService({ db, config, jobQueue });
      await api.register(importsRoutes, { service: imports });
      await api.register(unknownMetersRoutes, { service: imports });
      await api.register(invoiceFilesRoutes, { service: invoiceFiles });
      await api.register(dataLibraryRoutes, { service: createDataLibraryService({ db, config, clock }) });
      await api.register(publicDatasetsRoutes, { service: createPublicDatasetsService({ db }) });
      await api.register(adminReportsRoutes, { service: createAdminReportsService({ db }) });
      await api.register(retailersRoutes, { service: createRetailersService({ db }) });
      const mailStorage = createLocalStorage(path.join(config.dataDir, 'files'));
      await api.register(emailProcessingRoutes, {
        queues: createEmailQueuesService({ db, storage: mailStorage, jobQueue, clock }),
        templates: createEmailTemplatesService({ db, storage: mailStorage, jobQueue, clock }),
      });
      await api.register(graphsRoutes, {
        service: createGraphsService({ db }),
        favourites: createFavouriteGraphsService({ db }),
      });
      await api.register(groupingsRoutes, {
        service: createGroupingsService({ db }),
        groups: createGroupsService({ db }),
      });
      const meterConsumption = createMeterConsumptionService({ db, fileLink: files.fileLink });
      const meterCreation = createMeterCreationService({ db });
      await api.register(halfHourRoutes, { service: createHalfHourService({ db }) });
      await api.register(invoicesRoutes, {
        entry: createInvoicesService({
          db,
          clock,
          evaluateAlerts: evaluateInvoiceAlerts,
          halfHourCheck: halfHourCheckOf,
          fileLinks: invoiceFiles.fileLinks,
          storedAlerts: async (tx, organisationId, ids) =>
            (await invoiceAlertQueries.invoiceAlerts(tx, organisationId, ids)).map(toInvoiceAlert),
        }),
        list: createInvoiceListService({ db, fileLinks: invoiceFiles.fileLinks }),
        reversals: createInvoiceReversalService({ db, clock }),
        alerts: createInvoiceAlertsService({ db, jobQueue }),
      });
      await api.register(orgWideUpdatesRoutes, { service: createOrgWideUpdatesService({ db }) });
      await api.register(auditRoutes, { service: createAuditService({ db }) });
      await api.register(sitesRoutes, { service: sites, exporter: createSiteExportService({ db }) });
      const meters = createMetersService({ db, clock });
      await api.register(dataSourcesRoutes, {
        list: createDataSourcesService({ db, clock, jobQueue }),
        exporter: createMeterExportService({ db }),
        alertsReport: createAlertsReportService({ db, mailer, publicUrl: config.publicUrl }),
        creation: meterCreation,
        meters,
        settings: createMeterSettingsService({ db, meters }),
        moves: createMeterMovesService({ db, meters }),
        consumption: meterConsumption,
        distribution: createMeterDistributionService({ db }),
        notes: createMeterNotesService({ db, clock }),
        transactions: createTransactionsService({ db }),
      });
      await api.register(currentUserRoutes, { service: currentUser, auth });
      await api.register(usersRoutes, {
        service: users,
        rights: advancedRights,
        emailChanges,
        config,
      });
      await api.register(notificationsRoutes, { service: notifications });
      await api.register(searchRoutes, { service: search });
      await api.register(catalogueRoutes, {
        service: catalogue,
        admin: createCatalogueAdminService({ db }),
        factors: createCatalogueFactorsService({ db, jobQueue }),
      });
      await api.register(editionsRoutes, { editions: createEditionsService({ db }) });
      const restatements = createRestatementsService({ db, clock, jobs: jobQueue });
      await api.register(toolsRoutes, {
        service: createToolsService({
          db,
          jobs: jobQueue,
          confirmRestatement: restatements.confirm,
          storage: createLocalStorage(path.join(config.dataDir, 'files')),
        }),
      });
      await api.register(restatementsRoutes, {
        restatements,
        policy: createEditionPolicyService({ db, clock, jobs: jobQueue }),
        checks: createAdminChecksService({ db }),
      });
      await api.register(dashboardRoutes, { service: dashboard });
      await api.register(entitiesRoutes, {
        service: entities,
        details: createEntityDetailsService({ db }),
        figures: createEntityFiguresService({ db }),
      });
      await api.register(benchmarkRoutes, {
        service: createBenchmarkService({ db }),
        library: createLibraryService({ db }),
      });
      await api.register(organisationsRoutes, { service: organisations });
      await api.register(referenceRoutes, { db, mapTiles: config.mapTiles });
      await api.register(ratesRoutes, { service: createRatesService({ db }) });
      await api.register(targetsRoutes, { service: createTargetsService({ db }) });
      await api.register(ghgChartsRoutes, { service: createGhgChartsService({ db }) });
      await api.register(timeMatchedRoutes, { service: createTimeMatchedService({ db }) });
      await api.register(scope2InstrumentsRoutes, {
        service: createScope2InstrumentsService({ db, jobQueue }),
      });
      const log = (line: string) => app.log.warn(line);
      await api.register(portalsRoutes, {
        admin: createPortalAdminService({ db, makeMeter: meterCreation.newMeterIn }),
        list: createPortalListService({ db }),
        review: createPortalReviewService({ db, mailer, publicUrl: config.publicUrl, log }),
        publicPage: createPortalPublicService({
          db,
          clock,
          writer: meterConsumption.writer,
          storage: createLocalStorage(path.join(config.dataDir, 'files')),
          mailer,
          log,
        }),
        perMinute: config.PUBLIC_RATE_LIMIT_PER_MINUTE,
      });
      await api.register(fleetRoutes, {
        service: createFleetService({ db, clock }),
        exporter: createFleetExportService({ db }),
      });
      const reportStorage = createLocalStorage(path.join(config.dataDir, 'files'));
      const reportRunner = createReportRunService({ db, storage: reportStorage });
      await api.register(compReportRoutes, {
        service: createCompReportService({ db, runner: reportRunner }),
      });
      const reportDelivery = {
        storage: reportStorage,
        links: createDirectLinks({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET }),
        publicUrl: config.publicUrl,
        linkBytes: config.REPORT_LINK_BYTES,
      };
      await api.register(reportsRoutes, {
        catalogue: createReportCatalogueService({ db }),
        runner: reportRunner,
        favourites: createFavouritesService({ db, runner: reportRunner }),
        email: createEmailNowService({ db, runner: reportRunner, mailer, delivery: reportDelivery, clock }),
        emailed: createEmailedService({ db, runner: reportRunner }),
        forms: createFavouriteFormService({
          db,
          runner: reportRunner,
          links: createDirectLinks({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET }),
          clock,
        }),
        jobs: createReportJobsService({
          db,
          runner: reportRunner,
          jobs: jobQueue,
          storage: reportStorage,
          jobRows: config.REPORT_JOB_ROWS,
        }),
        delivery: reportDelivery,
        clock,
      });
      await api.register(deletedAssetsRoutes, {
        service: createDeletedAssetsService({
          db,
          clock,
          storage: createLocalStorage(path.join(config.dataDir, 'files')),
        }),
      });
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
