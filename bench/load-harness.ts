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
import { connect, type Db } from '@verdant/db/client';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { runMigrations } from '@verdant/db/migrate';
import { sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { startJobRunner } from '../apps/api/src/jobs/runner';
import { createLocalStorage } from '../apps/api/src/lib/storage';
import { processCpuMs } from '../apps/api/src/modules/imports/load-phases';
import type { BenchContext } from './context';

export interface LoadBench {
  /** The fresh database's name. */
  database: string;
  /** The smart meters of the organisation, by the key files name them with. */
  accounts: string[];
  /** Writes the file to upload; answers its readings and bytes. */
  write(file: string): Promise<{ readings: number; bytes: number }>;
  filename: string;
  /** The same readings as plain rows (meter index, instant, kWh) for the COPY beside the load. */
  rows(): Iterable<[number, number, number]>;
}

/** An organisation of the bench: its meters, one for each account, and the member who loads the file. */
async function benchOrganisation(
  db: Db,
  bench: LoadBench,
  dataType: { id: number; stdUnitId: number },
  n: number,
) {
  const org = await createOrganisation(db, { name: `Bench Loads ${n}` });
  const site = await createSite(db, org.id, { name: 'Bench site' });
  const ids: number[] = [];
  for (const [i, account] of bench.accounts.entries()) {
    const m = await createMeter(db, site, {
      localName: `Bench meter ${i + 1}`,
      account,
      meterType: 5,
      energyId: dataType.id,
      unitId: dataType.stdUnitId,
      meterOpen: '2020-01-01',
    });
    ids.push(m.id);
  }
  const editor = await createMember(db, org.id, { loginId: `bench.loader${n}`, accessId: 3 });
  return { org, ids, editor };
}

/**
 * One load timed: the file uploaded by the organisation's member and the job followed until its status says
 * finished. Answers its readings a second and a line that says where the time went.
 */
async function timedLoad(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: ReturnType<typeof connect>,
  o: Awaited<ReturnType<typeof benchOrganisation>>,
  file: string,
  filename: string,
) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/public/login',
    payload: { username: o.editor.loginId, password: 'Verdant-test-1' },
  });
  const headers = { authorization: `Bearer ${login.json().data.token}` };
  const t0 = performance.now();
  const upload = await app.inject({
    method: 'POST',
    url: '/api/jobs/meter-load',
    headers: { ...headers, 'content-type': 'application/octet-stream', 'x-filename': filename },
    payload: createReadStream(file),
  });
  if (upload.statusCode !== 200) throw new Error(`upload refused: ${upload.body}`);
  const uploaded = (performance.now() - t0) / 1000;
  // The job's row read every 10 ms on a connection of the bench's own (a poll of the status call every 250 ms
  // added up to 0.25 s of its own to the figure; docs/performance.md, The data-load job).
  const uuid = upload.json().data.uuid as string;
  let claimed = 0;
  for (;;) {
    const row = await database.pool.query<{ status: string }>(
      'select status from import_jobs where uuid = $1',
      [uuid],
    );
    const status = row.rows[0]?.status;
    if (!claimed && status !== 'pending') claimed = (performance.now() - t0) / 1000;
    if (status === 'finished' || status === 'failed') break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const seconds = (performance.now() - t0) / 1000;
  const res = await app.inject({ url: `/api/jobs/${uuid}/status`, headers });
  const job = res.json().data as ImportJob;
  if (job.status !== 'finished') throw new Error(`the load failed: ${job.error}`);
  const facts = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from monthly_facts where organisation_id = ${o.org.id}`,
  );
  const rate = job.readings / seconds;
  return {
    rate,
    summary: `upload ${uploaded.toFixed(2)} s; running at ${claimed.toFixed(2)} s; upload to fresh ledger: ${seconds.toFixed(2)} s for ${job.readings.toLocaleString('en')} readings, ${job.days.toLocaleString('en')} days, ${facts.rows[0]?.n.toLocaleString('en')} fact rows = ${Math.round(rate).toLocaleString('en')} readings/s`,
  };
}

/**
 * A data-load job end to end, as the benches measure it: the organisation and its meters in a fresh database,
 * the file uploaded through `POST /jobs/meter-load` and read, matched, folded, staged, merged and the ledger of
 * every meter recomputed until its status says finished; then a plain COPY of the same readings into a bare
 * table. Prints readings a second of each and their ratio, twice: for the first load of the API process (its
 * code not yet compiled by V8's optimiser) and for the same file loaded again into a second organisation of the
 * same database, as a server that has run a load before meets it (docs/performance.md, current figures).
 */
export async function runLoadBench(ctx: BenchContext, bench: LoadBench) {
  const database = connect(await ctx.freshDatabase(bench.database), 10);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-bench-load-'));
  const runner = { stop: async () => {} };
  try {
    await runMigrations(database.pool);
    const db = database.db;
    const electricity = await createDataType(db, { name: 'Bench electricity' });
    const first = await benchOrganisation(db, bench, electricity, 1);
    const second = await benchOrganisation(db, bench, electricity, 2);

    const file = path.join(dir, bench.filename);
    let t0 = performance.now();
    const written = await bench.write(file);
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
    const loadRates: number[] = [];
    for (const [i, o] of [first, second].entries()) {
      const load = await timedLoad(app, database, o, file, bench.filename);
      loadRates.push(load.rate);
      console.log(
        `${i === 0 ? "the process's first load" : 'again, a second organisation'}: ${load.summary}`,
      );
    }
    await app.close();
    const ids = first.ids;

    const client = await database.pool.connect();
    try {
      await client.query('create table plain_readings (meter_id int, read_at timestamptz, kwh real)');
      const backend =
        (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
      const cpu0 = { node: process.cpuUsage(), db: processCpuMs(backend) };
      t0 = performance.now();
      let count = 0;
      await pipeline(
        Readable.from(
          (function* () {
            let chunk = '';
            for (const [meter, at, kwh] of bench.rows()) {
              count += 1;
              chunk += `${ids[meter]}\t${new Date(at).toISOString()}\t${kwh}\n`;
              if (chunk.length > 64 * 1024) {
                yield chunk;
                chunk = '';
              }
            }
            yield chunk;
          })(),
        ),
        client.query(copyFrom('copy plain_readings from stdin')),
      );
      const copySeconds = (performance.now() - t0) / 1000;
      const nodeCpu = process.cpuUsage(cpu0.node);
      // CPU rather than wall time is what a busy machine leaves comparable (LOAD_PHASES=1 prints the load's).
      console.log(
        `plain COPY CPU: bench ${Math.round((nodeCpu.user + nodeCpu.system) / 1000)} ms, PostgreSQL ${processCpuMs(backend) - cpu0.db} ms`,
      );
      const copyRate = count / copySeconds;
      console.log(
        `plain COPY of the same readings: ${copySeconds.toFixed(2)} s = ${Math.round(copyRate).toLocaleString('en')} rows/s`,
      );
      // The load job end to end against a plain COPY of the same readings (docs/performance.md, current figures).
      for (const [i, loadRate] of loadRates.entries()) {
        const ratio = loadRate / copyRate;
        console.log(
          `ratio load job / COPY, ${i === 0 ? 'first load' : 'again'}: ${ratio.toFixed(2)}x (target at least 1.0x: ${ratio >= 1 ? 'met' : 'NOT met'})`,
        );
      }
    } finally {
      client.release();
    }
  } finally {
    await runner.stop();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}
