import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createOrganisation } from '@verdant/db/factories';
import { meters } from '@verdant/db/schema/assets';
import { createTestDatabase, type TestDatabase } from '@verdant/db/testing/test-database';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../testing/until';
import { emailFilePurgeJob } from './email-file-purge.job';
import { emailImapPollJob } from './email-imap.job';
import { emailSweepJob } from './email-item.job';
import { emailReceiptJob } from './email-receipt.job';
import { emailedReportsSweepJob } from './emailed-reports.job';
import { portalRequestsJob } from './portal-requests.job';
import { purgeDeletedAssetsJob } from './purge-deleted-assets.job';
import { purgeReportFilesJob } from './purge-report-files.job';
import { recomputePendingJob } from './recompute-pending.job';
import { JOB_SCHEMA, type JobRunner, jobRunnerStatus, startJobRunner } from './runner';
import { staleLoadsJob } from './stale-loads.job';

let database: TestDatabase;
let runner: JobRunner;
const NOW = new Date('2026-11-21T10:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  runner = await startJobRunner({
    pool: database.pool,
    db: database.db,
    work: true,
    clock: () => NOW,
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await runner.stop();
  await database.close();
});

const states = async (name: string) =>
  (
    await database.db.execute<{ state: string }>(
      sql`select state from ${sql.identifier(JOB_SCHEMA)}.job where name = ${name} order by created_on`,
    )
  ).rows.map((r) => r.state);

describe('the job runner', () => {
  it('keeps its queues in its own schema and schedules the periodic jobs', async () => {
    const schedules = await database.db.execute<{ name: string; cron: string }>(
      sql`select name, cron from ${sql.identifier(JOB_SCHEMA)}.schedule order by name`,
    );
    expect(schedules.rows).toEqual([
      { name: purgeDeletedAssetsJob.name, cron: purgeDeletedAssetsJob.cron },
      { name: emailImapPollJob.name, cron: '* * * * *' },
      { name: emailFilePurgeJob.name, cron: emailFilePurgeJob.cron },
      { name: emailReceiptJob.name, cron: '* * * * *' },
      { name: emailSweepJob.name, cron: '* * * * *' },
      { name: emailedReportsSweepJob.name, cron: '* * * * *' },
      { name: staleLoadsJob.name, cron: '* * * * *' },
      { name: recomputePendingJob.name, cron: recomputePendingJob.cron },
      { name: portalRequestsJob.name, cron: portalRequestsJob.cron },
      { name: purgeReportFilesJob.name, cron: purgeReportFilesJob.cron },
    ]);
    expect(jobRunnerStatus()).toMatchObject({ started: true, working: true });
  });

  it('purges assets archived more than three months ago', async () => {
    const org = await createOrganisation(database.db);
    const site = await createSite(database.db, org.id);
    const old = await createMeter(database.db, site, {});
    const recent = await createMeter(database.db, site, {});
    await database.db
      .update(meters)
      .set({ deletedAt: new Date('2026-07-01T00:00:00Z') })
      .where(eq(meters.id, old.id));
    await database.db
      .update(meters)
      .set({ deletedAt: new Date('2026-11-01T00:00:00Z') })
      .where(eq(meters.id, recent.id));
    await runner.send(purgeDeletedAssetsJob.name);
    await until(
      async () => (await states(purgeDeletedAssetsJob.name)).includes('completed'),
      'the purge has run',
    );
    const left = await database.db.select({ id: meters.id }).from(meters).where(eq(meters.siteId, site.id));
    expect(left.map((m) => m.id)).toEqual([recent.id]);
  });

  it('refuses a payload that does not match the job, at once and for good', async () => {
    await expect(runner.send(recomputePendingJob.name, { batchSize: 'all' })).rejects.toThrow();
    // Sent around the check (as an older version might have): cancelled, never retried.
    await runner.boss.send(recomputePendingJob.name, { batchSize: -1 }, { singletonKey: 'bad' });
    await until(
      async () => (await states(recomputePendingJob.name)).includes('cancelled'),
      'the job is cancelled',
    );
  });
});
