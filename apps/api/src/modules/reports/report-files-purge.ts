import type { Storage } from '../../lib/storage';
import { REPORT_LINK_DAYS } from './report-delivery';

/**
 * Stored report files are kept for a set time (docs/decisions/reports.md, Stored report files are purged): the
 * files of runs that went to the jobs centre and of emailed reports sent by link live under `reports/`, and
 * each is removed once it has been kept `REPORT_FILE_DAYS` days. A link is issued just after its file is
 * stored and opens for the same 7 days, so no link that still opens loses its file.
 */
export const REPORT_FILE_DAYS = REPORT_LINK_DAYS;
export const REPORT_FILE_PREFIX = 'reports';

/** Removes the report files stored more than `REPORT_FILE_DAYS` days before `now`; answers how many. */
export async function purgeReportFiles(storage: Storage, now: Date): Promise<{ files: number }> {
  const before = now.getTime() - REPORT_FILE_DAYS * 86_400_000;
  let files = 0;
  for (const f of await storage.list(REPORT_FILE_PREFIX)) {
    if (f.storedAt.getTime() >= before) continue;
    await storage.delete(f.key);
    files += 1;
  }
  return { files };
}
