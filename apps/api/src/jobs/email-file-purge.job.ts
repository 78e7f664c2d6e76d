import { z } from 'zod';
import { purgeParkedFiles } from '../modules/email-processing/file-purge';
import { defineJob } from './job-definition';

/**
 * Removes the files of emails parked or deferred over 17 days (data-portal.md 4 and 9: "over 17 emergency (file
 * deleted soon)"), every night; the items stay in their queue with their reason (docs/decisions/email-intake.md,
 * Parked files purged after 17 days).
 */
export const emailFilePurgeJob = defineJob({
  name: 'email.purge-parked-files',
  schema: z.object({}),
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  cron: '40 2 * * *',
  record: {
    describe: async () => ({
      kind: 'email file purge',
      title: 'Purge of parked email files over 17 days old',
      ownerId: null,
      organisationId: null,
    }),
    // A night that found nothing to purge is not listed.
    keep: (output) => (output as { files: number }).files > 0,
  },
  async handler(_data, { db, clock, storage, log }) {
    if (!storage) throw new Error('the purge of parked email files needs the file storage');
    const n = await purgeParkedFiles(db, storage, clock(), log);
    if (n.files > 0) log(`Purged the files of ${n.files} parked emails (${n.messages} whole messages).`);
    return n;
  },
});
