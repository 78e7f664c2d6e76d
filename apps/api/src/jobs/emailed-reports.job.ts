import { z } from 'zod';
import { createReportRunService } from '../modules/reports/report-run.service';
import { SENDS_JOB, sendScheduled } from '../modules/reports/schedule-send';
import { sweepSchedules } from '../modules/reports/schedule-sweep';
import { defineJob } from './job-definition';

/**
 * Emailed reports on the job runner (docs/decisions/reports.md, Sending once): every minute the sweep makes
 * the sends that are due and hands each open one to the send job, which claims it, so a send goes once even
 * when the sweep runs twice or two workers take the same job. A mail that fails is retried.
 */
export const SWEEP_JOB = `${SENDS_JOB}.sweep`;
export const SEND_JOB = `${SENDS_JOB}.send`;

export const emailedReportsSweepJob = defineJob({
  name: SWEEP_JOB,
  schema: z.object({}),
  queue: { policy: 'singleton', retryLimit: 1, retryDelay: 30, expireInSeconds: 10 * 60 },
  cron: '* * * * *',
  async handler(_data, { db, clock, send, log }) {
    const n = await sweepSchedules(db, clock(), (sendId) => send(SEND_JOB, { sendId }));
    if (n.made > 0) log(`Emailed reports: ${n.made} sends due, ${n.handed} handed to workers.`);
    return n;
  },
});

export const emailedReportSendJob = defineJob({
  name: SEND_JOB,
  schema: z.object({ sendId: z.number().int().positive() }),
  queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  async handler({ sendId }, { db, clock, storage, mailer, links, publicUrl, reportLinkBytes }) {
    if (!storage || !mailer) throw new Error('the emailed report job needs the file storage and the mailer');
    const runner = createReportRunService({ db, storage });
    // Without links (a runner started without them) every report is attached, whatever its size.
    const delivery =
      links && publicUrl && reportLinkBytes !== undefined
        ? { storage, links, publicUrl, linkBytes: reportLinkBytes }
        : undefined;
    return sendScheduled({ db, runner, mailer, now: clock(), delivery }, sendId);
  },
});
