import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { PERIOD_TYPES, RELATIVE_PERIODS } from '@verdant/domain/reports/report-types';
import { z } from 'zod';
import { member } from './access';
import { errorResponse, idNumber, idParam, int4, text } from './common';
import { defineOperations } from './operations';
import { emailOperations } from './reports/email';
import { emailedOperations } from './reports/emailed';
import { favouriteOperations } from './reports/favourites';
import { reportLevel, reportOutput, runReport } from './reports/run';

/**
 * Reports (data-portal.md 2.7, 3 Report, 7 Graphs and reports): the catalogue of an organisation's reports,
 * what the Create Report modal needs to run one, and running it now to a file (docs/decisions/reports.md).
 */

export const periodType = z.enum(PERIOD_TYPES);

/** An additional setting of a report (data-portal.md 3: name, className, hint, defaultValue). */
export const reportSetting = z.object({
  name: text(),
  label: text(),
  className: z.enum(['select', 'number', 'boolean', 'text']),
  hint: text(),
  defaultValue: z.union([text(), z.number(), z.boolean()]).nullable(),
  options: z.array(z.object({ value: text(), label: text() })).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type ReportSetting = z.infer<typeof reportSetting>;

/** A report of the catalogue (data-portal.md 3, Report). */
export const report = z.object({
  id: int4(),
  name: text(),
  description: text(),
  type: periodType,
  output: z.array(reportOutput),
  target: z.array(reportLevel),
  tags: z.array(text()),
  length: int4().nullable(),
  additionalSettings: z.array(reportSetting),
  restrictions: z.object({ favourite: z.boolean(), email: z.boolean(), schedule: z.boolean() }),
});
export type Report = z.infer<typeof report>;

/** What the Create Report modal starts from: the report, the organisation's dates and the sliding periods. */
export const creationData = z.object({
  report,
  today: text(),
  lastCompleteMonth: text(),
  reportingYearEnd: int4(),
  defaults: z.object({ start: text().nullable(), end: text().nullable() }),
  relativePeriods: z.array(z.object({ value: z.enum(RELATIVE_PERIODS), label: text() })),
});
export type CreationData = z.infer<typeof creationData>;

/** A run handed to the jobs centre (docs/decisions/reports.md, Slow reports run as jobs). */
export const queuedRun = z.object({ jobId: int4(), message: text() });
export type QueuedRun = z.infer<typeof queuedRun>;

export const reportAsset = z.object({ type: reportLevel, id: int4().nullable(), name: text() });
export type ReportAsset = z.infer<typeof reportAsset>;

const reportParams = z.object({ id: idNumber(), reportId: idNumber() });
const assetsQuery = z.object({ level: reportLevel.default('organisation') });

export const reportsOperations = defineOperations('reports', {
  tags: {
    method: 'GET',
    path: '/organisations/:id/reporting/tags',
    summary: "The tags of the organisation's reports",
    access: member('params.id'),
    params: idParam,
    answer: z.array(text()),
  },
  list: {
    method: 'GET',
    path: '/organisations/:id/reporting/reports',
    summary: 'The catalogue of reports',
    access: member('params.id'),
    params: idParam,
    answer: z.array(report),
  },
  creationData: {
    method: 'GET',
    path: '/organisations/:id/reporting/reports/:reportId/creation-data',
    summary: 'What the Create Report modal needs: the report, its default period, the sliding periods',
    access: member('params.id'),
    params: reportParams,
    answer: creationData,
    answers: { 404: errorResponse },
  },
  availableAssets: {
    method: 'GET',
    path: '/organisations/:id/reporting/reports/:reportId/available-assets',
    summary: 'The assets of a level the report can run for that the caller may see',
    access: member('params.id'),
    params: reportParams,
    query: assetsQuery,
    answer: z.array(reportAsset),
    answers: { 404: errorResponse },
  },
  run: {
    method: 'POST',
    path: '/data/reporting/reports/run',
    summary: "Run a report now for an asset of the session's organisation; answers the file",
    description: `A report whose data is empty answers a file saying '${REPORT_MSG.noData}'. One estimated to take long answers 202 with the jobs centre's job instead, whose file \`runFile\` downloads once it has finished.`,
    access: member(),
    intent: 'reads',
    body: runReport,
    answer: 'file',
    answers: { 202: queuedRun, 404: errorResponse },
  },
  runFile: {
    method: 'GET',
    path: '/data/reporting/reports/runs/:jobId/file',
    summary:
      'The file of a report run in the jobs centre, once it has finished (its owner, or a product administrator)',
    access: member(),
    params: z.object({ jobId: idNumber() }),
    answer: 'file',
    answers: { 404: errorResponse },
  },
  reportFileLink: {
    method: 'GET',
    path: '/direct/:token/report-files/:fileId/:filename',
    summary: 'An emailed report too large to attach, through the signed link its mail gave',
    access: 'signed-link',
    params: z.object({ token: text().min(1).max(400), fileId: z.uuid(), filename: text().min(1).max(200) }),
    answer: 'file',
    answers: { 404: errorResponse },
  },
  ...favouriteOperations,
  ...emailOperations,
  ...emailedOperations,
});
