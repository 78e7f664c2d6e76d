import { z } from 'zod';
import { pollImap } from '../modules/email-processing/imap-poll';
import { defineJob } from './job-definition';

/**
 * The intake mailbox read every minute when MAIL_IMAP_HOST is set (docs/decisions/email-intake.md, IMAP
 * intake); one poll at a time across every worker (singleton), so two workers never read the same messages.
 * Unconfigured, a run does nothing.
 */
export const emailImapPollJob = defineJob({
  name: 'email.imap-poll',
  schema: z.object({}),
  queue: { policy: 'singleton', retryLimit: 0, expireInSeconds: 10 * 60 },
  cron: '* * * * *',
  async handler(_data, { db, clock, storage, imap, send, log }) {
    if (!imap) return { configured: false };
    if (!storage) throw new Error('email intake needs the file storage');
    return pollImap(imap, { db, storage, clock, send, log });
  },
});
