import { idParam } from '@verdant/contracts/common';
import {
  alertCommentRequest,
  alertsReport,
  alertsReportQuery,
  bulkActionAnswer,
  bulkActionRequest,
  dataSourceList,
  dataSourceListQuery,
  dataSourcesOperations,
  meterAlertList,
  meterAlertParams,
  meterDataExportQuery,
  meterDataExportRequest,
} from '@verdant/contracts/data-sources';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerOperations } from '../../lib/operations';
import { editorOf, memberOf, onAsset, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { AlertsReportService } from './alerts-report.service';
import type { DataSourcesService } from './data-sources.service';
import type { MeterExportService } from './meter-export.service';

const base = signedInDocs('Data sources');
const errors = REQUEST_ERRORS;
const answer = z.object({ success: z.literal(true), message: z.string() });

export const dataSourcesRoutes: FastifyPluginAsyncZod<{
  service: DataSourcesService;
  exporter: MeterExportService;
  alertsReport: AlertsReportService;
}> = async (app, { service, exporter, alertsReport: report }) => {
  registerOperations(app, dataSourcesOperations, {
    organisationMeters: (req) => service.organisationMeters(callerOf(req), req.params.id),
  });
  app.get(
    '/organisations/:id/data-sources',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: 'The data sources list, 100 at a time, filtered and sorted (signed column number)',
        params: idParam,
        querystring: dataSourceListQuery,
        response: { 200: dataSourceList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id, req.query),
  );

  app.get(
    '/meters/:id/alerts',
    {
      config: onAsset('view', 'meter'),
      schema: {
        ...base,
        summary: "The data source's pending alerts",
        params: idParam,
        response: { 200: meterAlertList, ...errors },
      },
    },
    async (req) => service.alerts(callerOf(req), req.params.id),
  );

  app.post(
    '/meters/:id/alerts/:alertId/schedule',
    {
      config: onAsset('edit', 'meter'),
      schema: {
        ...base,
        summary: 'Schedules a pending alert for sending, with an optional comment',
        params: meterAlertParams,
        body: alertCommentRequest,
        response: { 200: answer, ...errors },
      },
    },
    async (req) => service.schedule(callerOf(req), req.params.id, req.params.alertId, req.body),
  );

  app.delete(
    '/meters/:id/alerts/:alertId',
    {
      config: onAsset('edit', 'meter'),
      schema: {
        ...base,
        summary: 'Deletes a pending alert (it will not be sent), with a reason',
        params: meterAlertParams,
        body: alertCommentRequest,
        response: { 200: answer, ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id, req.params.alertId, req.body),
  );

  app.put(
    '/meters/bulk-action',
    {
      config: editorOf('session'),
      schema: {
        ...base,
        summary: 'Sets the open date of, or deletes and omits, several data sources at once (all or none)',
        body: bulkActionRequest,
        response: { 200: bulkActionAnswer, ...errors },
      },
    },
    async (req) => service.bulkAction(callerOf(req), req.body),
  );

  app.post(
    '/organisations/:id/meter-data-export',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: 'Meter Data Export: figures per data source and month or range, streamed as CSV or XLSX',
        params: idParam,
        querystring: meterDataExportQuery,
        body: meterDataExportRequest,
      },
    },
    async (req, reply) => {
      const format = req.query.format;
      const { stream } = await exporter.open(callerOf(req), req.params.id, req.body, format);
      return reply
        .type(
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="meter-data-export.${format}"`)
        .send(stream);
    },
  );

  app.get(
    '/admin/alerts-report',
    {
      config: { access: 'product-administrator' },
      schema: {
        ...base,
        summary: 'Sends every alert scheduled for sending now (dryRun=true: says what would be sent)',
        querystring: alertsReportQuery,
        response: { 200: alertsReport, ...errors },
      },
    },
    async (req) => report.run(callerOf(req), req.query.dryRun === 'true'),
  );
};
