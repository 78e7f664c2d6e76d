import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type FeatureDeps, registerReportingFeatures } from './features-reporting';

export type { FeatureDeps };

import { createLocalStorage } from './lib/storage';
import { adminReportsRoutes } from './modules/admin-reports/admin-reports.routes';
import { createAdminReportsService } from './modules/admin-reports/admin-reports.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { currentUserRoutes } from './modules/current-user/current-user.routes';
import { createCurrentUserService } from './modules/current-user/current-user.service';
import { dataLibraryRoutes } from './modules/data-library/data-library.routes';
import { createDataLibraryService } from './modules/data-library/data-library.service';
import { createAlertsReportService } from './modules/data-sources/alerts-report.service';
import { dataSourcesRoutes } from './modules/data-sources/data-sources.routes';
import { createDataSourcesService } from './modules/data-sources/data-sources.service';
import { createMeterConsumptionService } from './modules/data-sources/meter-consumption.service';
import { createMeterCreationService } from './modules/data-sources/meter-creation.service';
import { createMeterDistributionService } from './modules/data-sources/meter-distribution.service';
import { createMeterExportService } from './modules/data-sources/meter-export.service';
import { createMeterExportJobs } from './modules/data-sources/meter-export-job';
import { createMeterMovesService } from './modules/data-sources/meter-moves.service';
import { createMeterNotesService } from './modules/data-sources/meter-notes.service';
import { createMeterSettingsService } from './modules/data-sources/meter-settings.service';
import { createMetersService } from './modules/data-sources/meters.service';
import { createTransactionsService } from './modules/data-sources/transactions.service';
import { emailProcessingRoutes } from './modules/email-processing/email-processing.routes';
import { createIntakeAddressesService } from './modules/email-processing/intake-addresses.service';
import { createEmailQueuesService } from './modules/email-processing/queues.service';
import { createEmailTemplatesService } from './modules/email-processing/templates.service';
import { filesRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { createFavouriteGraphsService } from './modules/graphs/favourite-graphs.service';
import { graphsRoutes } from './modules/graphs/graphs.routes';
import { createGraphsService } from './modules/graphs/graphs.service';
import { groupingsRoutes } from './modules/groupings/groupings.routes';
import { createGroupingsService } from './modules/groupings/groupings.service';
import { createGroupsService } from './modules/groupings/groups.service';
import { halfHourRoutes } from './modules/half-hour/half-hour.routes';
import { createHalfHourService } from './modules/half-hour/half-hour.service';
import { healthRoutes } from './modules/health/health.routes';
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
import { createPortalAdminService } from './modules/portals/portal-admin.service';
import { createPortalListService } from './modules/portals/portal-list.service';
import { createPortalPublicService } from './modules/portals/portal-public.service';
import { createPortalReviewService } from './modules/portals/portal-review.service';
import { portalsRoutes } from './modules/portals/portals.routes';
import { publicDatasetsRoutes } from './modules/public-datasets/public-datasets.routes';
import { createPublicDatasetsService } from './modules/public-datasets/public-datasets.service';
import { retailersRoutes } from './modules/retailers/retailers.routes';
import { createRetailersService } from './modules/retailers/retailers.service';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchService } from './modules/search/search.service';
import { createSiteExportService } from './modules/sites/site-export.service';
import { sitesRoutes } from './modules/sites/sites.routes';
import { createSitesService } from './modules/sites/sites.service';
import { createAdvancedRightsService } from './modules/users/advanced-rights.service';
import { createEmailChanges } from './modules/users/email-change.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';

/**
 * Every feature's services, built once, and its operations table registered under /api (docs/architecture.md,
 * "How a request runs"). Order does not matter: each route is its own operation.
 */
export async function registerFeatures(api: FastifyInstance, deps: FeatureDeps) {
  const { config, db, mailer, clock, jobQueue, auth, log } = deps;
  const currentUser = createCurrentUserService({ db, auth });
  const emailChanges = createEmailChanges({ db, config, mailer });
  const users = createUsersService({ db, config, mailer, auth, emailChanges });
  const advancedRights = createAdvancedRightsService({ db });
  const notifications = createNotificationsService({ db });
  const search = createSearchService({ db });
  const files = createFilesService({ db, config, clock });
  const invoiceFiles = createInvoiceFilesService({ db, config, clock });
  const jobs = createJobsService({ db });
  const sites = createSitesService({ db, clock });
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
    addresses: createIntakeAddressesService({ db }),
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
  const meterExporter = createMeterExportService({ db });
  await api.register(dataSourcesRoutes, {
    list: createDataSourcesService({ db, clock, jobQueue }),
    exporter: meterExporter,
    exportJobs: createMeterExportJobs({ db, jobs: jobQueue, exporter: meterExporter }),
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
  await registerReportingFeatures(api, deps);
}
