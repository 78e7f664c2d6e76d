import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { z } from 'zod';
import { administrator, editor, member } from '../access';
import { errorResponse, idNumber, int4, nameText, okResponse, text } from '../common';
import type { OperationSpec } from '../operations';
import { emailReportNow } from './email';
import { relativePeriod, reportLevel, reportOutput } from './run';

/**
 * Emailed reports (data-portal.md 2.9 /emailed-reports, 3 Emailed report, 4 Report actions, 5 Emailed report
 * address, 7 the emailed-report calls): a report emailed monthly, weekly or once, with a sliding or fixed
 * period and a completeness hold (docs/decisions/reports.md, Schedules and Completeness hold).
 */

/** The spec's frequencies as the Create Report modal sends them (data-portal.md 7). */
export const frequencyName = z.enum(['Monthly', 'Weekly', 'Once']);

/** When and how it goes: the day (1-31 or 0-6) or date, and the hold. */
const when = {
  frequency: frequencyName,
  /** Day of the month 1-31 (Monthly), of the week 0 Sunday to 6 Saturday (Weekly), or 'yyyy-MM-dd' (Once). */
  on: z.union([int4(), text().max(10)]),
  holdPercent: int4().default(0),
  holdDays: int4().default(0),
  skipWhenEmpty: z.boolean().default(false),
};

/** POST /data/reporting/email/create: the report as a run names it, its addresses, and when it goes. */
export const newEmailedReport = emailReportNow.extend({
  ...when,
  relative: relativePeriod.nullable().default(null),
  favouriteName: nameText().max(200).optional(),
});
export type NewEmailedReport = z.input<typeof newEmailedReport>;

/** PUT /admin/org-emailed-reports/{emailId}: its addresses, subject, note and when it goes. */
export const emailedReportEdit = z.object({
  address: text().max(2000),
  subject: text().trim().max(200).default(''),
  htmlText: text().max(5000).default(''),
  ...when,
});
export type EmailedReportEdit = z.input<typeof emailedReportEdit>;

/** An emailed report (data-portal.md 3: emailId, reportName, emailAddress, ownerId, owner, frequency, reportOn, assets). */
export const emailedReport = z.object({
  emailId: int4(),
  reportId: int4(),
  reportName: text(),
  emailAddress: text(),
  ownerId: int4(),
  owner: text(),
  /** M monthly, W weekly, O once. */
  frequency: z.enum(['M', 'W', 'O']),
  reportOn: int4().nullable(),
  onceOn: text().nullable(),
  assets: z.array(z.object({ type: reportLevel, id: int4().nullable(), name: text() })),
  output: reportOutput,
  subject: text(),
  htmlText: text(),
  /** 'Last full month' or '01/10/2026 to 31/10/2026'. */
  period: text(),
  /** 'Monthly on day 5', 'Weekly on Monday', 'Once on 01/12/2026'. */
  when: text(),
  holdPercent: int4(),
  holdDays: int4(),
  skipWhenEmpty: z.boolean(),
  /** The next send, ISO, or null when a once report has gone. */
  nextSendAt: text().nullable(),
  /** The same on the organisation's wall clock, 'dd/MM/yyyy HH:mm'. */
  nextSend: text().nullable(),
  /** What its last send did ('Sent 01/11/2026', 'Waiting: 62 % of the period's data'). */
  lastStatus: text().nullable(),
  /** Whether the caller may change it (an administrator or the owner). */
  canEdit: z.boolean(),
});
export type EmailedReport = z.infer<typeof emailedReport>;

export const emailedReportSaved = z.object({
  success: z.literal(true),
  message: text(),
  data: emailedReport,
});

export const reportOwner = z.object({ id: int4(), name: text(), email: text() });
export type ReportOwner = z.infer<typeof reportOwner>;

/** The caller's standing in the session's organisation (GET /users/organisation-access). */
export const organisationAccess = z.object({
  organisationId: int4(),
  userId: int4(),
  administrator: z.boolean(),
  editor: z.boolean(),
});
export type OrganisationAccess = z.infer<typeof organisationAccess>;

const orgParams = z.object({ orgId: idNumber() });
const emailParams = z.object({ emailId: idNumber() });
const reassignQuery = z.object({ from: idNumber(), to: idNumber() });

/**
 * An emailed report is changed in its own organisation, whatever the session's: a product administrator edits
 * another organisation's from /emailed-reports without switching (docs/decisions/reports.md, Editing another
 * organisation's emailed reports); anyone who may not enter that organisation is told it was not found.
 */
const ofEmailedReport = { emailedReport: 'params.emailId', notFound: REPORT_MSG.emailedMissing } as const;

export const emailedOperations = {
  createEmailed: {
    method: 'POST',
    path: '/data/reporting/email/create',
    summary: 'Email a report monthly, weekly or once, with a sliding or fixed period and a completeness hold',
    access: editor(),
    intent: 'changes',
    body: newEmailedReport,
    answer: emailedReportSaved,
    answers: { 404: errorResponse },
  },
  orgEmailedReports: {
    method: 'GET',
    path: '/admin/org-emailed-reports/:orgId',
    summary: "The organisation's emailed reports",
    access: editor('params.orgId'),
    params: orgParams,
    answer: z.array(emailedReport),
  },
  updateEmailed: {
    method: 'PUT',
    path: '/admin/org-emailed-reports/:emailId',
    summary: 'Change the addresses, note or timing of an emailed report (an administrator or its owner)',
    access: editor(ofEmailedReport),
    params: emailParams,
    body: emailedReportEdit,
    answer: emailedReportSaved,
    answers: { 403: errorResponse, 404: errorResponse },
  },
  deleteEmailed: {
    method: 'DELETE',
    path: '/admin/org-emailed-reports/:emailId',
    summary: 'Stop an emailed report (an administrator or its owner)',
    access: editor(ofEmailedReport),
    params: emailParams,
    answer: okResponse,
    answers: { 403: errorResponse, 404: errorResponse },
  },
  reportOwners: {
    method: 'GET',
    path: '/admin/available-report-owners',
    summary: 'Who may own emailed reports here: the editors and administrators',
    access: administrator(),
    answer: z.array(reportOwner),
  },
  reassignReports: {
    method: 'POST',
    path: '/admin/reassign-reports',
    summary: "Give emailed reports of one owner to another (the ids listed, or all of the owner's when none)",
    access: administrator(),
    query: reassignQuery,
    body: z.array(idNumber()).max(1000),
    answer: z.object({ success: z.literal(true), message: text(), count: int4() }),
    answers: { 400: errorResponse },
  },
  organisationAccess: {
    method: 'GET',
    path: '/users/organisation-access',
    summary: "The caller's standing in the session's organisation: administrator, editor",
    access: member(),
    answer: organisationAccess,
  },
} as const satisfies Record<string, OperationSpec>;
