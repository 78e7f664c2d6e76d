import path from 'node:path';
import type { Db } from '@verdant/db/client';
import { parseNightWindow } from '@verdant/domain/overnight';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { JobQueue } from './jobs/job-definition';
import { createDirectLinks } from './lib/direct-links';
import type { Mailer } from './lib/mail';
import { createLocalStorage } from './lib/storage';
import type { AuthService } from './modules/auth/auth.service';
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
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { deletedAssetsRoutes } from './modules/deleted-assets/deleted-assets.routes';
import { createDeletedAssetsService } from './modules/deleted-assets/deleted-assets.service';
import { entitiesRoutes } from './modules/entities/entities.routes';
import { createEntitiesService } from './modules/entities/entities.service';
import { createEntityDetailsService } from './modules/entities/entity-details.service';
import { createEntityFiguresService } from './modules/entities/entity-figures.service';
import { fleetRoutes } from './modules/fleet/fleet.routes';
import { createFleetService } from './modules/fleet/fleet.service';
import { createFleetExportService } from './modules/fleet/fleet-export.service';
import { ghgChartsRoutes } from './modules/ghg-charts/ghg-charts.routes';
import { createGhgChartsService } from './modules/ghg-charts/ghg-charts.service';
import { organisationsRoutes } from './modules/organisations/organisations.routes';
import { createOrganisationsService } from './modules/organisations/organisations.service';
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
import { scope2InstrumentsRoutes } from './modules/scope2-instruments/scope2-instruments.routes';
import { createScope2InstrumentsService } from './modules/scope2-instruments/scope2-instruments.service';
import { targetsRoutes } from './modules/targets/targets.routes';
import { createTargetsService } from './modules/targets/targets.service';
import { timeMatchedRoutes } from './modules/time-matched/time-matched.routes';
import { createTimeMatchedService } from './modules/time-matched/time-matched.service';
import { toolsRoutes } from './modules/tools/tools.routes';
import { createToolsService } from './modules/tools/tools.service';

/** What the features' services are built from: the app's configuration, database, mail, clock and job queue. */
export interface FeatureDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  jobQueue: JobQueue;
  auth: AuthService;
  /** Where a service writes a warning (the app's log). */
  log: (line: string) => void;
}

/**
 * The catalogue, tools and restatements, the figures (dashboard, entities, benchmark, organisations, targets,
 * GHG charts), fleet and reports: registered under /api like the rest (./features.ts).
 */
export async function registerReportingFeatures(
  api: FastifyInstance,
  { config, db, mailer, clock, jobQueue }: FeatureDeps,
) {
  const catalogue = createCatalogueService({ db });
  const dashboard = createDashboardService({ db });
  const entities = createEntitiesService({ db, clock });
  const organisations = createOrganisationsService({ db, jobQueue });
  await api.register(catalogueRoutes, {
    service: catalogue,
    admin: createCatalogueAdminService({ db }),
    factors: createCatalogueFactorsService({ db, jobQueue }),
  });
  await api.register(editionsRoutes, { editions: createEditionsService({ db }) });
  // Overnight jobs wait for the night window (docs/decisions/job-runner.md, Overnight jobs); config checked it.
  const overnight = parseNightWindow(config.OVERNIGHT_WINDOW) ?? { start: 60, end: 300 };
  const restatements = createRestatementsService({ db, clock, jobs: jobQueue, overnight });
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
    policy: createEditionPolicyService({ db, clock, jobs: jobQueue, overnight }),
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
}
