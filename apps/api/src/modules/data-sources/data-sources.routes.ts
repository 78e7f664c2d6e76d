import { dataSourcesOperations } from '@verdant/contracts/data-sources';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { AlertsReportService } from './alerts-report.service';
import type { DataSourcesService } from './data-sources.service';
import type { MeterConsumptionService } from './meter-consumption.service';
import type { MeterCreationService } from './meter-creation.service';
import type { MeterDistributionService } from './meter-distribution.service';
import type { MeterExportService } from './meter-export.service';
import type { MeterExportJobs } from './meter-export-job';
import type { MeterMovesService } from './meter-moves.service';
import type { MeterNotesService } from './meter-notes.service';
import type { MeterSettingsService } from './meter-settings.service';
import type { MetersService } from './meters.service';
import type { TransactionsService } from './transactions.service';

export interface DataSourcesServices {
  list: DataSourcesService;
  exporter: MeterExportService;
  exportJobs: MeterExportJobs;
  alertsReport: AlertsReportService;
  creation: MeterCreationService;
  meters: MetersService;
  settings: MeterSettingsService;
  moves: MeterMovesService;
  consumption: MeterConsumptionService;
  distribution: MeterDistributionService;
  notes: MeterNotesService;
  transactions: TransactionsService;
}

/** The data sources feature (data-portal spec 2.1, 5, 6 and 7): its one table, each handler beside its operation. */
export const dataSourcesRoutes: FastifyPluginAsyncZod<DataSourcesServices> = async (app, s) => {
  registerOperations(app, dataSourcesOperations, {
    // The list and its page's actions.
    organisationMeters: (req) => s.list.organisationMeters(callerOf(req), req.params.id),
    list: (req) => s.list.list(callerOf(req), req.query),
    alerts: (req) => s.list.alerts(callerOf(req), req.params.id),
    scheduleAlert: (req) => s.list.schedule(callerOf(req), req.params.id, req.params.alertId, req.body),
    deleteAlert: (req) => s.list.remove(callerOf(req), req.params.id, req.params.alertId, req.body),
    bulkAction: (req) => s.list.bulkAction(callerOf(req), req.body),
    meterDataExport: async (req, reply) => {
      const format = req.query.format;
      const { stream } = await s.exporter.open(callerOf(req), req.params.id, req.body, format);
      return reply
        .type(
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="meter-data-export.${format}"`)
        .send(stream);
    },
    meterDataExportJob: (req) => s.exportJobs.start(callerOf(req), req.params.id, req.body, req.query.format),
    alertsReport: (req) => s.alertsReport.run(callerOf(req), req.query.dryRun === 'true'),
    // Creating meters.
    newMeter: (req) => s.creation.newMeter(callerOf(req), req.params.id, req.body),
    newCombinedAccount: (req) => s.creation.newCombinedAccount(callerOf(req), req.params.id, req.body),
    icpCheck: (req) => s.creation.icpCheck(callerOf(req), req.params.icp, req.query.electricity),
    // The data source page.
    meter: (req) => s.meters.read(callerOf(req), req.params.id),
    updateMeter: (req) => s.meters.update(callerOf(req), req.params.id, req.body),
    energyUnit: (req) => s.meters.energyUnit(callerOf(req), req.params.id),
    sameSite: (req) => s.meters.sameSite(callerOf(req), req.params.id),
    sameCollection: (req) => s.meters.sameCollection(callerOf(req), req.params.id),
    meterGraph: (req) =>
      s.meters.graph(callerOf(req), req.params.id, req.params.type, req.params.year, req.params.month),
    joinMeterGroup: (req) =>
      s.settings.membership(callerOf(req), req.params.groupId, req.params.meterId, true),
    leaveMeterGroup: (req) =>
      s.settings.membership(callerOf(req), req.params.groupId, req.params.meterId, false),
    setIdentifier: (req) =>
      s.settings.setIdentifier(callerOf(req), req.params.id, req.params.identifierId, req.body.value),
    copyIdentifiers: (req) => s.settings.copyIdentifiers(callerOf(req), req.params.id, req.body.fromMeterId),
    identifierLabels: (req) => s.settings.labels(callerOf(req), req.params.id),
    createIdentifierLabel: (req) => s.settings.createLabel(callerOf(req), req.params.id, req.body.name),
    consumptionAlertSetup: (req) => s.settings.consumptionAlert(callerOf(req), req.params.id, req.body),
    tariffAlertSetup: (req) => s.settings.tariffAlert(callerOf(req), req.params.id, req.body),
    baseLoadAlertSetup: (req) => s.settings.baseLoadAlert(callerOf(req), req.params.id, req.body),
    moveByQuery: (req) => s.moves.move(callerOf(req), req.params.id, req.query.to),
    move: (req) => s.moves.move(callerOf(req), req.params.id, req.body.to),
    compatibleTypes: (req) => s.moves.compatibleTypes(callerOf(req), req.params.id),
    changeDataType: (req) => s.moves.changeDataType(callerOf(req), req.params.id, req.body),
    createReplacement: (req) => s.moves.createReplacement(callerOf(req), req.params.id, req.body),
    // Its Consumption, Configuration, Notes and Transactions tabs.
    consumption: (req) => s.consumption.list(callerOf(req), req.params.id),
    addConsumption: (req) => s.consumption.create(callerOf(req), req.params.id, req.body),
    updateConsumption: (req) =>
      s.consumption.update(callerOf(req), req.params.id, req.params.recordId, req.body),
    deleteConsumption: (req) => s.consumption.remove(callerOf(req), req.params.id, req.params.recordId),
    distribution: (req) => s.distribution.get(callerOf(req), req.params.id),
    updateDistribution: (req) => s.distribution.update(callerOf(req), req.params.id, req.body),
    notes: (req) => s.notes.list(callerOf(req), req.params.id),
    note: (req) => s.notes.get(callerOf(req), req.params.id, req.params.noteId),
    addNote: (req) => s.notes.create(callerOf(req), req.params.id, req.body),
    updateNote: (req) => s.notes.update(callerOf(req), req.params.id, req.params.noteId, req.body),
    invoiceNotes: (req) => s.notes.list(callerOf(req), req.params.id, true),
    transactions: (req) => s.transactions.list(callerOf(req), req.params.id),
    addTransaction: (req) => s.transactions.create(callerOf(req), req.params.id, req.body),
    updateTransaction: (req) =>
      s.transactions.update(callerOf(req), req.params.id, req.params.itemId, req.body),
    deleteTransaction: (req) =>
      s.transactions.remove(callerOf(req), req.params.id, req.params.invoiceId, req.params.itemId),
  });
};
