import { z } from 'zod';
import { administrator } from '../access';
import { idParam, text } from '../common';
import { defineOperations } from '../operations';
import { reportBasis } from './run';

export const compParameter = z.object({
  name: text(),
  label: text(),
  className: z.enum(['select', 'number']),
  hint: text(),
  defaultValue: text(),
  options: z.array(z.object({ value: text(), label: text() })).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type CompParameterAnswer = z.infer<typeof compParameter>;

export const compPageClassAnswer = z.object({
  pageClass: text(),
  name: text(),
  description: text(),
  parameters: z.array(compParameter),
});

export const compPage = z.object({
  pageClass: text(),
  name: text(),
  parameters: z.record(z.string(), text()),
});

/** The organisation's saved report: its XML and its pages read from it (none until first saved). */
export const savedCompReport = z.object({
  xml: text().nullable(),
  pages: z.array(compPage),
  savedAt: text().nullable(),
  savedBy: text().nullable(),
  /** Where it is emailed (the organisation's Comp Report Email), if anywhere. */
  email: text().nullable(),
  /**
   * Whether the report's Figures (restated or as originally reported) are offered: once a restatement done has
   * moved the organisation's figures (docs/decisions/comp-report.md, Restated or as originally reported).
   */
  basisOffered: z.boolean(),
});
export type SavedCompReport = z.infer<typeof savedCompReport>;

export const pageClassParams = idParam.extend({ pageClass: text().min(1).max(60) });
export const compReportSaved = z.object({ success: z.literal(true), message: text() });
/** The XML to draw, and its Figures (restated, the default, or as originally reported). */
export const previewBody = z.object({ xml: text().max(100_000), basis: reportBasis.optional() });

const admins = administrator('params.id');
const base = '/organisations/:id/reporting';

/** The complimentary report editor (data-portal.md 7, Comp-report): its pages, parameters, save and preview. */
export const compReportOperations = defineOperations('reports', {
  allPages: {
    method: 'GET',
    path: `${base}/comp-reports/all-pages`,
    summary: 'Every page class a complimentary report can hold, with its parameters',
    access: admins,
    params: idParam,
    answer: z.array(compPageClassAnswer),
  },
  pages: {
    method: 'GET',
    path: `${base}/comp-reports/pages`,
    summary: "The organisation's complimentary report: its pages and their parameters, and its XML",
    access: admins,
    params: idParam,
    answer: savedCompReport,
  },
  parameters: {
    method: 'GET',
    path: `${base}/comp-reports/pages/:pageClass/parameters`,
    summary: "A page class's parameters (name, label, className, hint, defaultValue, options)",
    access: admins,
    params: pageClassParams,
    answer: z.array(compParameter),
  },
  save: {
    method: 'PUT',
    path: `${base}/comp-report`,
    summary: 'Save the complimentary report (its XML, validated)',
    access: admins,
    params: idParam,
    bodyType: 'text',
    answer: compReportSaved,
  },
  preview: {
    method: 'POST',
    path: `${base}/comp-report/preview`,
    summary: 'The complimentary report of the XML given, as a PDF (nothing saved)',
    access: admins,
    intent: 'reads',
    params: idParam,
    body: previewBody,
    answer: 'file',
  },
});
