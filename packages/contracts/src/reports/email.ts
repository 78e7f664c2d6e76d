import { z } from 'zod';
import { editor } from '../access';
import { errorResponse, text } from '../common';
import type { OperationSpec } from '../operations';
import { runReport } from './run';

/**
 * Emailing a report now (data-portal.md 4, Report actions; 5, Emailed report address): the report as a
 * run names it, the addresses (split by commas, semicolons or spaces, each checked), a subject and a note.
 */
export const emailReportNow = runReport.extend({
  address: text().max(2000),
  subject: text().trim().max(200).default(''),
  htmlText: text().max(5000).default(''),
});
export type EmailReportNow = z.input<typeof emailReportNow>;

export const reportEmailed = z.object({
  success: z.literal(true),
  message: text(),
  recipients: z.array(text()),
});

export const emailOperations = {
  emailNow: {
    method: 'POST',
    path: '/data/reporting/email/now',
    summary: 'Email a report now, as an attachment, to the addresses given',
    access: editor(),
    intent: 'changes',
    body: emailReportNow,
    answer: reportEmailed,
    answers: { 404: errorResponse },
  },
} as const satisfies Record<string, OperationSpec>;
