import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date');

export const job = z.object({
  id: z.number().int(),
  dateFrom: z.string(),
  dateTill: z.string().nullable(),
  text: z.string(),
  permanent: z.boolean(),
  meterId: z.number().int().nullable(),
  meterName: z.string().nullable(),
});
export type Job = z.infer<typeof job>;

export const jobsList = z.object({ jobs: z.array(job), mayEdit: z.boolean() });
export type JobsList = z.infer<typeof jobsList>;

export const newJob = z
  .object({
    dateFrom: isoDate,
    dateTill: isoDate.nullable().default(null),
    text: z.string().trim().min(1, MSG.jobTextRequired).max(2000),
    permanent: z.boolean().default(false),
  })
  .refine((j) => j.dateTill === null || j.dateTill >= j.dateFrom, {
    message: MSG.jobDateOrder,
    path: ['dateTill'],
  });
export type NewJob = z.input<typeof newJob>;

export const jobParams = z.object({
  id: z.coerce.number().int().positive(),
  jobId: z.coerce.number().int().positive(),
});
