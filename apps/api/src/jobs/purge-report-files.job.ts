import { z } from 'zod';
import { purgeReportFiles, REPORT_FILE_DAYS } from '../modules/reports/report-files-purge';
import { defineJob } from './job-definition';

/** Removes stored report files kept over their 7 days (docs/decisions/reports.md), every hour. */
export const purgeReportFilesJob = defineJob({
  name: 'reports.purge-files',
  schema: z.object({}),
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  cron: '43 * * * *',
  record: {
    describe: async () => ({
      kind: 'purge',
      title: `Purge of report files kept over ${REPORT_FILE_DAYS} days`,
      ownerId: null,
      organisationId: null,
    }),
    // An hour that found nothing to remove is not listed.
    keep: (output) => (output as { files: number }).files > 0,
  },
  async handler(_data, { clock, storage, log }) {
    if (!storage) throw new Error('the report files purge needs the file storage');
    const n = await purgeReportFiles(storage, clock());
    if (n.files > 0) log(`Removed ${n.files} report files kept over ${REPORT_FILE_DAYS} days.`);
    return n;
  },
});
