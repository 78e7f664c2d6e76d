import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { connect, type Database } from '@verdant/db/client';
import { createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { markPending, pendingCount } from '@verdant/db/ledger/pending';
import { rebuildLedger } from '@verdant/db/ledger/rebuild';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { createTestDatabase, type TestDatabase } from '@verdant/db/testing/test-database';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../testing/until';
import type { JobDefinition } from './job-definition';
import { recomputePendingJob } from './recompute-pending.job';
import { type JobRunner, jobRunnerStatus, startJobRunner } from './runner';

const TODAY = '2026-11-21';
let database: TestDatabase;
let worker: Database;
let organisationId: number;
let meterIds: number[];
let factorId: number;

/** The drain in batches of 10, so a kill lands between committed batches. */
const drainBy10: JobDefinition = {
  ...(recomputePendingJob as JobDefinition),
  handler: (data, ctx) => recomputePendingJob.handler({ ...data, batchSize: 10 }, ctx),
};
const start = (db: Database) =>
  startJobRunner({
    pool: db.pool,
    db: db.db,
    work: true,
    clock: () => new Date(`${TODAY}T10:00:00Z`),
    jobs: [drainBy10],
    pollingIntervalSeconds: 0.5,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  // The worker's own pool, as a separate worker process would have.
  worker = connect(database.url, 4);
  const source = await createFactorSource(database.db, { name: 'Government 2024' });
  const electricity = await createDataType(database.db, { name: 'Electricity' });
  factorId = (
    await createFactor(database.db, {
      dataTypeId: electricity.id,
      sourceId: source.id,
      scope: 2,
      rate: 0.1,
      startDate: '2020-01-01',
    })
  ).id;
  const org = await createOrganisation(database.db);
  organisationId = org.id;
  const site = await createSite(database.db, org.id);
  meterIds = [];
  for (let i = 0; i < 30; i++) {
    const meter = await createMeter(database.db, site, {
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
    });
    await createInvoice(database.db, meter, {
      from: '2026-01-01',
      till: '2026-01-31',
      consumption: 1000,
      cost: 100,
    });
    meterIds.push(meter.id);
  }
  await recomputeFacts(database.db, meterIds, TODAY);
});
afterAll(async () => {
  await worker.close();
  await database.close();
});

const scope2 = async () =>
  (
    await database.db.execute<{ meter_id: number; s2: number }>(
      sql`select meter_id, co2e_scope2_location as s2 from monthly_facts where organisation_id = ${organisationId} order by meter_id`,
    )
  ).rows.map((r) => r.s2);

describe('the recompute-pending job', () => {
  it('survives a worker killed mid-batch: batches commit whole, and the retry finishes the rest', async () => {
    // A factor edit: every meter's emissions double, once the job has recomputed them.
    await database.db.execute(sql`update emission_factors set rate = 0.2 where id = ${factorId}`);
    expect(await markPending(database.db, organisationId)).toBe(30);
    expect(await scope2()).toEqual(Array(30).fill(100));

    // Hold the pending mark of the 16th meter: the second batch writes all its facts, then waits here.
    const blocker: pg.PoolClient = await database.pool.connect();
    await blocker.query('begin');
    await blocker.query('select * from ledger_pending where meter_id = $1 for update', [meterIds[15]]);

    const failedBefore = jobRunnerStatus().jobs[recomputePendingJob.name]?.failed ?? 0;
    const first: JobRunner = await start(worker);
    let batchPid = 0;
    await until(async () => {
      const rows = await database.db.execute<{ pid: number }>(sql`
        select pid from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike '%delete from ledger_pending%'`);
      batchPid = rows.rows[0]?.pid ?? 0;
      return batchPid > 0;
    }, 'the second batch waits mid-way');
    // Kill the worker's connection mid-batch, as a crashed worker process would, then stop its runner.
    await database.db.execute(sql`select pg_terminate_backend(${batchPid})`);
    await until(
      () => (jobRunnerStatus().jobs[recomputePendingJob.name]?.failed ?? 0) > failedBefore,
      'the job fails',
    );
    await first.stop({ graceful: false });
    await blocker.query('rollback');
    blocker.release();

    // The first batch committed; the second left no trace (never half-applied).
    expect(await scope2()).toEqual([...Array(10).fill(200), ...Array(20).fill(100)]);
    expect(await pendingCount(database.db, organisationId)).toBe(20);

    // A new worker takes over: the retry (or its own drain) finishes the job.
    const second = await start(worker);
    try {
      await until(async () => (await pendingCount(database.db)) === 0, 'the pending meters are recomputed');
    } finally {
      await second.stop();
    }
    expect(await scope2()).toEqual(Array(30).fill(200));
    const report = await rebuildLedger(database.pool, { today: TODAY });
    expect(report.factDifferences).toEqual([]);
    expect(report.rollupDifferences).toEqual([]);
  });

  it('keeps a row for a drain worth following, and none for a trivial one', async () => {
    const ctx = {
      db: database.db,
      clock: () => new Date(`${TODAY}T10:00:00Z`),
      log: () => {},
      stopping: () => false,
      send: async () => {},
    };
    const rows = async () =>
      (
        await database.db.execute<{
          status: string;
          progress_done: number;
          progress_total: number;
          result: unknown;
          organisation_id: number;
          log: { message: string }[];
        }>(sql`select status, progress_done, progress_total, result, organisation_id, log from background_jobs
          where kind = 'recompute' order by id`)
      ).rows;
    const before = (await rows()).length;
    // Below the threshold: no row.
    await markPending(database.db, organisationId);
    expect(await recomputePendingJob.handler({ batchSize: 10 }, ctx)).toEqual({ meters: 30 });
    expect(await rows()).toHaveLength(before);
    // At the threshold: one row for the organisation, its progress in meters, finished.
    await markPending(database.db, organisationId);
    expect(await recomputePendingJob.handler({ batchSize: 10, followAt: 30 }, ctx)).toEqual({ meters: 30 });
    const kept = (await rows()).slice(before);
    expect(kept).toMatchObject([
      {
        status: 'finished',
        progress_done: 30,
        progress_total: 30,
        result: { meters: 30 },
        organisation_id: organisationId,
      },
    ]);
    expect(kept[0]?.log.at(-1)?.message).toBe('Finished: 30 data sources recomputed');
  });
});
