import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editor, member } from './access';
import { calendarDate, errorResponse, idNumber, idParam, int4, okResponse, text } from './common';
import { defineOperations } from './operations';

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
  id: idNumber(),
  jobId: idNumber(),
});

/** An organisation's jobs (core-portal.md 4): dated tasks, and data source notes with their meter. */
export const jobsOperations = defineOperations('jobs', {
  list: {
    method: 'GET',
    path: '/organisations/:id/jobs',
    summary: "The organisation's jobs",
    access: member('params.id'),
    params: idParam,
    answer: jobsList,
    answers: { 409: errorResponse },
  },
  create: {
    method: 'POST',
    path: '/organisations/:id/jobs',
    summary: 'Add a job',
    access: editor('params.id'),
    params: idParam,
    body: newJob,
    answer: job,
    answers: { 409: errorResponse },
  },
  remove: {
    method: 'DELETE',
    path: '/organisations/:id/jobs/:jobId',
    summary: 'Delete a job (not a contracted permanent one); a data source note needs edit on its meter',
    access: editor('params.id', { noteMeterOf: 'params.jobId' }),
    params: jobParams,
    answer: okResponse,
    answers: { 409: errorResponse },
  },
  activeMeterJobs: {
    method: 'GET',
    path: '/organisations/:id/active-meter-jobs',
    summary: 'Data source notes whose period covers today',
    access: member('params.id'),
    params: idParam,
    answer: jobsList,
    answers: { 409: errorResponse },
  },
});
