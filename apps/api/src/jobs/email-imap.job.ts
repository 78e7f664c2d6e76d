import { z } from 'zod';
import { pollImap } from '../modules/email-processing/imap-poll';
import { openEmailBatches } from './email/email-batch';
import { defineJob } from './job-definition';

/**
 * The intake mailbox read every minute when MAIL_IMAP_HOST is set (docs/decisions/email-intake.md, IMAP
 * intake); one poll at a time across every worker (singleton), so two workers never read the same messages.
 * Unconfigured, a run does nothing. A poll that stored messages keeps an email batch in the jobs centre
 * (docs/decisions/job-runner.md, Email batches); one that found nothing keeps none.
 */
export const emailImapPollJob = defineJob({
  name: 'email.imap-poll',
  schema: z.object({}),
  queue: { policy: 'singleton', retryLimit: 0, expireInSeconds: 10 * 60 },
  cron: '* * * * *',
  async handler(_data, { db, clock, storage, imap, send, log }) {
    if (!imap) return { configured: false };
    if (!storage) throw new Error('email intake needs the file storage');
    const { messageIds, ...result } = await pollImap(imap, { db, storage, clock, send, log });
    await openEmailBatches(db, emailImapPollJob.name, 'IMAP poll', messageIds);
    return result;
  },
});
