import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { LEVELS, OUTPUTS, RELATIVE_PERIODS } from '@verdant/domain/reports/report-types';
import { z } from 'zod';
import { calendarDate, idNumber, text } from '../common';

/** What running a report names (data-portal.md 7: id, output, asset, start, end, settings). */
export const reportLevel = z.enum(LEVELS);
export const reportOutput = z.enum(OUTPUTS);
export const relativePeriod = z.enum(RELATIVE_PERIODS);

const settingValue = z.union([text().max(200), z.number(), z.boolean(), z.null()]);

/**
 * A report of kg CO2e read restated (the facts as they stand, the default) or as originally reported (before the
 * restatements that replaced them): its `basis` setting (docs/decisions/factor-editions.md, Every report of kg
 * CO2e restated or as originally reported). Offered on the form only to organisations with a restatement done.
 */
export const REPORT_BASES = ['restated', 'original'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
export const reportBasis = z.enum(REPORT_BASES, {
  error: (issue) =>
    REPORT_MSG.settingInvalid.replace('{name}', 'Figures').replace('{value}', String(issue.input)),
});

/** A report's additional settings by name; `basis` for the reports of kg CO2e. */
export const reportSettings = z
  .object({ basis: reportBasis.optional() })
  .catchall(settingValue)
  .refine((s) => Object.keys(s).every((k) => k.length <= 60), 'A setting name is at most 60 characters');

export const runReport = z.object({
  id: idNumber(),
  output: reportOutput,
  asset: z.object({ type: reportLevel, id: idNumber().nullable().default(null) }),
  start: calendarDate().nullable().default(null),
  end: calendarDate().nullable().default(null),
  settings: reportSettings.default({}),
});
export type RunReport = z.input<typeof runReport>;
