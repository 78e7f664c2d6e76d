import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { calendarDate, int4, int4Param, text } from './common';

const isoDate = calendarDate('Enter a date');

export const job = z.object({
  id: int4(),
  dateFrom: text(),
  dateTill: text().nullable(),
  text: text(),
  permanent: z.boolean(),
  meterId: int4().nullable(),
  meterName: text().nullable(),
});
export type Job = z.infer<typeof job>;

export const jobsList = z.object({ jobs: z.array(job), mayEdit: z.boolean() });
export type JobsList = z.infer<typeof jobsList>;

export const newJob = z
  .object({
    dateFrom: isoDate,
    dateTill: isoDate.nullable().default(null),
    text: text().trim().min(1, MSG.jobTextRequired).max(2000),
    permanent: z.boolean().default(false),
  })
  .refine((j) => j.dateTill === null || j.dateTill >= j.dateFrom, {
    message: MSG.jobDateOrder,
    path: ['dateTill'],
  });
export type NewJob = z.input<typeof newJob>;

export const jobParams = z.object({
  id: int4Param().positive(),
  jobId: int4Param().positive(),
});
