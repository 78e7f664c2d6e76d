import { BULK_ACTION_MAX_IDS, EXPORT_MAX_ASSETS, EXPORT_MAX_MONTHS } from '@verdant/domain/data-sources';
import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editing, editor, member, viewing } from '../access';
import { calendarDate, idNumber, idParam, int4, int4Param, okResponse, text } from '../common';
import { defineOperations } from '../operations';

/** The data sources list, its alerts, bulk actions, the meter data export and the alerts report (spec 2.1). */

const yyyymm = text().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'Month must be yyyyMM');
const idList = text().regex(/^\d+(,\d+)*$/, 'A list of ids separated by commas');

export const dataSourceListQuery = z.object({
  offset: int4Param({ min: 0 }).default(0),
  limit: int4Param({ min: 1, max: 500 }).default(100),
  /** Signed column number (DATA_SOURCE_SORT_COLUMNS); negative means descending. */
  sort: int4Param()
    .refine(
      (n) => n !== 0 && Math.abs(n) <= 8,
      'Sort is a column number from 1 to 8, negative for descending',
    )
    .default(1),
  /** Part of the name, account or meter number. */
  q: text().trim().max(200).optional(),
  /** Meter types (1-9), comma separated. */
  type: idList.optional(),
  /** Data type ids, comma separated. */
  measuring: idList.optional(),
  retailer: idList.optional(),
  /** What Member Of shows: 'site', or the id of a meter grouping. */
  memberOf: text()
    .regex(/^(site|\d+)$/, "Member Of is 'site' or a grouping id")
    .default('site'),
  /** Site ids (Member Of 'site') or group ids of the grouping, comma separated. */
  member: idList.optional(),
  month: yyyymm.optional(),
  measure: z.enum(['cons', 'cost', 'co2']).default('cons'),
});
export type DataSourceListQuery = z.infer<typeof dataSourceListQuery>;

export const dataSourceKind = z.enum(['meter', 'fuelcard', 'vehicle']);

export const dataSourceListItem = z.object({
  id: z.number(),
  name: text(),
  kind: dataSourceKind,
  meterType: z.number(),
  /** The meter type's label. */
  type: text(),
  energyId: z.number().nullable(),
  measuring: text().nullable(),
  /** The standard unit of its data type (the unit of its consumption figure). */
  unit: text().nullable(),
  account: text().nullable(),
  siteId: z.number(),
  site: text(),
  /** The site, or the groups of the chosen grouping it belongs to. */
  memberOf: text().nullable(),
  alerts: z.number(),
  closed: z.boolean(),
  transient: z.boolean(),
  retailerId: z.number().nullable(),
  retailer: text().nullable(),
  /** The last day any input covers, yyyy-MM-dd. */
  lastEntry: text().nullable(),
  /** The month's figure of the chosen measure (the list's order); the screen shows the polled figures. */
  figure: z.number(),
});
export type DataSourceListItem = z.infer<typeof dataSourceListItem>;

const option = z.object({ id: z.number(), name: text() });
export const dataSourceList = z.object({
  total: z.number(),
  month: text(),
  /** Bulk actions, New Meter and New W/WW Acct: administrators and access levels below 4. */
  mayEdit: z.boolean(),
  /** Send alerts now: product administrators. */
  productAdmin: z.boolean(),
  rows: z.array(dataSourceListItem),
  options: z.object({
    types: z.array(option),
    measuring: z.array(option),
    retailers: z.array(option),
    groupings: z.array(option),
    /** Sites, or the groups of the chosen grouping. */
    members: z.array(option),
  }),
});
export type DataSourceList = z.infer<typeof dataSourceList>;

export const meterAlert = z.object({
  id: z.number(),
  message: text(),
  link: text().nullable(),
  date: text(),
});
export type MeterAlert = z.infer<typeof meterAlert>;
export const meterAlertList = z.array(meterAlert);

export const meterAlertParams = z.object({ id: idNumber(), alertId: idNumber() });
export const alertCommentRequest = z
  .object({ comment: text().trim().max(1000).optional().nullable() })
  .default({});
export type AlertCommentRequest = z.infer<typeof alertCommentRequest>;

const ids = z
  .array(int4().positive())
  .min(1, 'Choose at least one data source')
  .max(BULK_ACTION_MAX_IDS, `At most ${BULK_ACTION_MAX_IDS} data sources at once`);

export const bulkActionRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('open-date'),
    ids,
    /** The new open date, yyyy-MM-dd. */
    data: calendarDate('A date is required'),
    /** Move open dates that are before the date (later). */
    moveIfBefore: z.boolean().default(false),
    /** Move open dates that are after the date (earlier). */
    moveIfAfter: z.boolean().default(true),
  }),
  z.object({ action: z.literal('delete-and-omit'), ids }),
]);
export type BulkActionRequest = z.infer<typeof bulkActionRequest>;
export const bulkActionAnswer = z.object({
  success: z.literal(true),
  message: text(),
  /** How many data sources changed. */
  changed: z.number(),
  /** True when the figures are recomputed by the job runner (the lists poll until they are fresh). */
  pending: z.boolean(),
});
export type BulkActionAnswer = z.infer<typeof bulkActionAnswer>;

export const EXPORT_DATA = ['kWh', 'units', '$', 'CO2e'] as const;
export const EXPORT_DATA_LABELS: Record<(typeof EXPORT_DATA)[number], string> = {
  kWh: 'Energy (kWh)',
  units: 'Quantity (standard unit)',
  $: 'Cost ($)',
  CO2e: 'Emissions (kg CO2e)',
};
const exportMonth = text()
  .min(1, 'Every range needs a start and an end')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Months are written yyyy-MM');

export const exportRange = z
  .object({
    aggregation: z.enum(['monthly', 'total']),
    start: exportMonth,
    end: exportMonth,
  })
  .refine((r) => r.start <= r.end, { message: 'A range cannot end before it starts', path: ['end'] });

export const meterDataExportRequest = z.object({
  assets: z.array(int4().positive()).min(1, 'Choose at least one data source').max(EXPORT_MAX_ASSETS),
  data: z.array(z.enum(EXPORT_DATA)).min(1, 'Choose at least one quantity'),
  ranges: z.array(exportRange).min(1, 'Add a range with a start and an end').max(12),
  /** Adds the days open and covered per row, and whether the period is incomplete. */
  validationColumns: z.boolean().default(false),
});
export type MeterDataExportRequest = z.infer<typeof meterDataExportRequest>;
export const meterDataExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
/** A Meter Data Export handed to the jobs centre: its job, and where to follow it. */
export const meterDataExportJob = z.object({ jobId: z.number(), message: text() });
export type MeterDataExportJob = z.infer<typeof meterDataExportJob>;
export { EXPORT_MAX_MONTHS };

export const alertsReportQuery = z.object({ dryRun: z.enum(['true', 'false']).default('true') });
export const alertsReport = z.object({
  dryRun: z.boolean(),
  alerts: z.number(),
  emails: z.array(
    z.object({ organisation: text(), recipients: z.array(text()), alerts: z.number(), meters: z.number() }),
  ),
  message: text(),
});
export type AlertsReport = z.infer<typeof alertsReport>;

/**
 * One data source of the organisation as a picker offers it (GET /organisations/{id}/meters): its name and
 * site, what it measures and in which unit, its type, and whether it is closed.
 */
export const organisationMeter = z.object({
  id: z.number(),
  name: text(),
  siteId: z.number(),
  site: text(),
  energyId: z.number().nullable(),
  energy: text().nullable(),
  unit: text().nullable(),
  meterType: z.number(),
  closed: z.boolean(),
});
export type OrganisationMeter = z.infer<typeof organisationMeter>;
export const organisationMeterList = z.array(organisationMeter);

const done = okResponse.extend({ message: text() });

/** The data sources list and what its page does: alerts, bulk actions, the export and Send alerts now. */
export const dataSourcesListOperations = defineOperations('data-sources', {
  organisationMeters: {
    method: 'GET',
    path: '/organisations/:id/meters',
    summary: "The organisation's live data sources the caller may see, by site then name (pickers)",
    access: member('params.id'),
    params: z.object({ id: idNumber() }),
    answer: organisationMeterList,
  },
  list: {
    method: 'GET',
    path: '/organisations/:id/data-sources',
    summary: 'The data sources list, 100 at a time, filtered and sorted (signed column number)',
    access: member('params.id'),
    params: idParam,
    query: dataSourceListQuery,
    answer: dataSourceList,
  },
  alerts: {
    method: 'GET',
    path: '/meters/:id/alerts',
    summary: "The data source's pending alerts",
    access: viewing({ meter: 'params.id' }),
    params: idParam,
    answer: meterAlertList,
  },
  scheduleAlert: {
    method: 'POST',
    path: '/meters/:id/alerts/:alertId/schedule',
    summary: 'Schedules a pending alert for sending, with an optional comment',
    access: editing({ meter: 'params.id' }),
    params: meterAlertParams,
    body: alertCommentRequest,
    answer: done,
  },
  deleteAlert: {
    method: 'DELETE',
    path: '/meters/:id/alerts/:alertId',
    summary: 'Deletes a pending alert (it will not be sent), with a reason',
    access: editing({ meter: 'params.id' }),
    params: meterAlertParams,
    body: alertCommentRequest,
    answer: done,
  },
  bulkAction: {
    method: 'PUT',
    path: '/meters/bulk-action',
    summary: 'Sets the open date of, or deletes and omits, several data sources at once (all or none)',
    access: editing(
      { meter: 'body.ids[]' },
      { organisation: 'session', messages: { notFound: MSG.bulkNotVisible, refusal: MSG.bulkNotEditable } },
    ),
    body: bulkActionRequest,
    answer: bulkActionAnswer,
  },
  meterDataExport: {
    method: 'POST',
    path: '/organisations/:id/meter-data-export',
    summary: 'Meter Data Export: figures per data source and month or range, streamed as CSV or XLSX',
    access: member('params.id'),
    params: idParam,
    query: meterDataExportQuery,
    body: meterDataExportRequest,
    answer: 'file',
  },
  meterDataExportJob: {
    method: 'POST',
    path: '/organisations/:id/meter-data-export/job',
    summary:
      'Meter Data Export in the background (a large one): its job in the jobs centre, the file downloaded there',
    // It keeps a job: the organisation's editors start one; observers export at once (docs/decisions/job-runner.md).
    access: editor('params.id'),
    params: idParam,
    query: meterDataExportQuery,
    body: meterDataExportRequest,
    answer: meterDataExportJob,
  },
  alertsReport: {
    method: 'GET',
    path: '/admin/alerts-report',
    summary: 'Sends every alert scheduled for sending now (dryRun=true: says what would be sent)',
    access: 'product-administrator',
    query: alertsReportQuery,
    answer: alertsReport,
  },
});
