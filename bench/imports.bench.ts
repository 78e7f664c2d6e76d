import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportJob } from '@verdant/contracts/imports';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { connect } from '@verdant/db/client';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { runMigrations } from '@verdant/db/migrate';
import { HalfHourFolder } from '@verdant/domain/imports/fold';
import { parseNem12Batches } from '@verdant/domain/imports/nem12';
import { sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { startJobRunner } from '../apps/api/src/jobs/runner';
import { createLocalStorage } from '../apps/api/src/lib/storage';
import { benchNmi, writeLargeNem12 } from './fixtures/nem12-large';
import type { BenchContext } from './run';

const METERS = Number(process.env.BENCH_NEM12_METERS ?? 500);
const DAYS = Number(process.env.BENCH_NEM12_DAYS ?? 365);

/**
 * The NEM12 parser on the bench's large file: readings a second parsed from disk, then parsed and
 * folded onto the standard-time half-hour clock. No database: the import job's own bench measures end to end.
 */
export async function nem12ParseBench() {
  console.log(`\n## NEM12 parser: ${METERS} NMIs x ${DAYS} days of 30-minute data`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-nem12-'));
  try {
    const file = path.join(dir, 'large.nem12.csv');
    let t0 = performance.now();
    const { readings, bytes } = await writeLargeNem12(file, { meters: METERS, days: DAYS });
    const written = (performance.now() - t0) / 1000;
    console.log(`wrote ${readings} readings (${(bytes / 1e6).toFixed(1)} MB) in ${written.toFixed(1)} s`);

    t0 = performance.now();
    let count = 0;
    for await (const batch of parseNem12Batches(createReadStream(file)))
      for (const event of batch) if (event.kind === 'reading') count += 1;
    const parseS = (performance.now() - t0) / 1000;
    console.log(
      `parse: ${count} readings in ${parseS.toFixed(1)} s = ${Math.round(count / parseS)} readings/s`,
    );

    t0 = performance.now();
    const folder = new HalfHourFolder('Pacific/Auckland');
    let days = 0;
    for await (const batch of parseNem12Batches(createReadStream(file))) {
      for (const event of batch) {
        if (event.kind !== 'reading') continue;
        const done = folder.add(event.reading.meterKey, event.reading);
        if (typeof done !== 'string') days += done.length;
      }
    }
    days += folder.flush().length;
    const foldS = (performance.now() - t0) / 1000;
    console.log(
      `parse and fold: ${days} standard-time days in ${foldS.toFixed(1)} s = ${Math.round(count / foldS)} readings/s (fold costs ${((foldS / parseS - 1) * 100).toFixed(0)}% over parsing)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** 1 is the file: 500 meters x 365 days of 30-minute data (8.76 million readings); 0.02 is 10 meters. */
const SCALE = Number(process.env.BENCH_IMPORT_SCALE ?? 1);
const IMPORT_DAYS = Number(process.env.BENCH_IMPORT_DAYS ?? 365);
const FROM = '2025-01-01';

/**
 * The data-load job end to end: a NEM12 file of 500 meters x 1 year of 30-minute data uploaded
 * through `POST /jobs/meter-load`, read, matched, folded, staged, merged and the ledger of every meter recomputed,
 * until its status says finished; against a plain COPY of the same readings (meter, instant, kWh) into a bare
 * table. Target: at least 0.5 of COPY's rows a second. BENCH_IMPORT_SCALE scales the meters.
 */
export async function importsBench(ctx: BenchContext) {
  const meters = Math.max(1, Math.round(500 * SCALE));
  console.log(`\n## Data-load job: NEM12 of ${meters} meters x ${IMPORT_DAYS} days of 30-minute data`);
  const database = connect(await ctx.freshDatabase('bench_imports'), 10);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-bench-imports-'));
  const runner = { stop: async () => {} };
  try {
    await runMigrations(database.pool);
    const db = database.db;
    const org = await createOrganisation(db, { name: 'Bench Loads' });
    const site = await createSite(db, org.id, { name: 'Bench site' });
    const electricity = await createDataType(db, { name: 'Bench electricity' });
    const ids: number[] = [];
    for (let i = 0; i < meters; i++) {
      const m = await createMeter(db, site, {
        localName: `Bench meter ${i + 1}`,
        account: benchNmi(i),
        meterType: 5,
        energyId: electricity.id,
        unitId: electricity.stdUnitId,
        meterOpen: '2020-01-01',
      });
      ids.push(m.id);
    }
    const editor = await createMember(db, org.id, { loginId: 'bench.loader', accessId: 3 });

    const file = path.join(dir, 'bench.nem12.csv');
    let t0 = performance.now();
    const written = await writeLargeNem12(file, { meters, days: IMPORT_DAYS, from: FROM });
    console.log(
      `wrote ${written.readings.toLocaleString('en')} readings (${(written.bytes / 1e6).toFixed(1)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const storage = createLocalStorage(path.join(dir, 'files'));
    const jobs = await startJobRunner({
      pool: database.pool,
      db,
      work: true,
      storage,
      pollingIntervalSeconds: 0.5,
    });
    runner.stop = () => jobs.stop();
    const app = await buildApp({
      config,
      db,
      mailer: { send: async () => {} },
      logger: false,
      jobQueue: jobs,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username: editor.loginId, password: 'Verdant-test-1' },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };

    t0 = performance.now();
    const upload = await app.inject({
      method: 'POST',
      url: '/api/jobs/meter-load',
      headers: { ...headers, 'content-type': 'application/octet-stream', 'x-filename': 'bench.nem12.csv' },
      payload: createReadStream(file),
    });
    if (upload.statusCode !== 200) throw new Error(`upload refused: ${upload.body}`);
    const uploaded = (performance.now() - t0) / 1000;
    let job: ImportJob | null = null;
    for (;;) {
      const res = await app.inject({ url: `/api/jobs/${upload.json().data.uuid}/status`, headers });
      job = res.json().data as ImportJob;
      if (job.status === 'finished' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const loadSeconds = (performance.now() - t0) / 1000;
    await app.close();
    if (job.status !== 'finished') throw new Error(`the load failed: ${job.error}`);
    const facts = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from monthly_facts where organisation_id = ${org.id}`,
    );
    const loadRate = job.readings / loadSeconds;
    console.log(
      `upload ${uploaded.toFixed(1)} s; upload to fresh ledger: ${loadSeconds.toFixed(1)} s for ${job.readings.toLocaleString('en')} readings, ${job.days.toLocaleString('en')} days, ${facts.rows[0]?.n.toLocaleString('en')} fact rows = ${Math.round(loadRate).toLocaleString('en')} readings/s`,
    );

    // The same readings as plain rows, COPY'd into a bare table.
    const client = await database.pool.connect();
    try {
      await client.query('create table plain_readings (meter_id int, read_at timestamptz, kwh real)');
      t0 = performance.now();
      const start = Date.parse(`${FROM}T00:00:00Z`);
      await pipeline(
        Readable.from(
          (function* () {
            for (const id of ids) {
              let chunk = '';
              for (let i = 0; i < IMPORT_DAYS * 48; i++) {
                chunk += `${id}\t${new Date(start + i * 1_800_000).toISOString()}\t${(i % 48) / 10 + 0.5}\n`;
                if (chunk.length > 64 * 1024) {
                  yield chunk;
                  chunk = '';
                }
              }
              yield chunk;
            }
          })(),
        ),
        client.query(copyFrom('copy plain_readings from stdin')),
      );
      const copySeconds = (performance.now() - t0) / 1000;
      const copyRate = (ids.length * IMPORT_DAYS * 48) / copySeconds;
      console.log(
        `plain COPY of the same readings: ${copySeconds.toFixed(1)} s = ${Math.round(copyRate).toLocaleString('en')} rows/s`,
      );
      console.log(`ratio load job / COPY: ${(loadRate / copyRate).toFixed(2)}x (target at least 0.5x)`);
    } finally {
      client.release();
    }
  } finally {
    await runner.stop();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}
