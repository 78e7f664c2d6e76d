import { LEVELS, OUTPUTS, RELATIVE_PERIODS } from '@verdant/domain/reports/report-types';
import { z } from 'zod';
import { calendarDate, idNumber, text } from '../common';

/** What running a report names (data-portal.md 7: id, output, asset, start, end, settings). */
export const reportLevel = z.enum(LEVELS);
export const reportOutput = z.enum(OUTPUTS);
export const relativePeriod = z.enum(RELATIVE_PERIODS);

const settingValue = z.union([text().max(200), z.number(), z.boolean(), z.null()]);

export const runReport = z.object({
  id: idNumber(),
  output: reportOutput,
  asset: z.object({ type: reportLevel, id: idNumber().nullable().default(null) }),
  start: calendarDate().nullable().default(null),
  end: calendarDate().nullable().default(null),
  settings: z.record(text().max(60), settingValue).default({}),
});
export type RunReport = z.input<typeof runReport>;
