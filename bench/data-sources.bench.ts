import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@verdant/db/client';
import { createMember } from '@verdant/db/factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { runMigrations } from '@verdant/db/migrate';
import { generateScaleOrganisation } from '@verdant/db/scale-generator';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { measure } from './measure';

const METERS = Number(process.env.BENCH_DATA_SOURCES_METERS ?? 2000);
const MONTHS = 36;
const RUNS = Number(process.env.BENCH_DATA_SOURCES_RUNS ?? 200);

/**
 * The data sources list and the Meter Data Export over real HTTP on a listening port:
 * 2,000 meters with 36 months of invoices. The list's first 100 rows with the month's figures is the two
 * calls the screen makes (the page, and the month's figures it polls); the export is 2,000 meters x 36
 * months as CSV, read as it streams, with the process's heap sampled meanwhile.
 */
export async function dataSourcesBench(ctx: BenchContext) {
  console.log(`\n## Data sources list and export (${METERS} meters, ${MONTHS} months)`);
  const database = connect(await ctx.freshDatabase('bench_data_sources'), 10);
  await runMigrations(database.pool);
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const org = await generateScaleOrganisation(database.db, {
    meters: METERS,
    hhMeters: 0,
    months: MONTHS,
    today,
  });
  for (let i = 0; i < org.meterIds.length; i += 200) {
    await recomputeFacts(database.db, org.meterIds.slice(i, i + 200), today);
  }
  await database.db.execute(sql`analyze`);
  console.log(`set up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const user = await createMember(database.db, org.organisationId, { loginId: 'bench.sources', accessId: 3 });
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'verdant-bench-data'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/public/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.loginId, password: 'Verdant-test-1' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const month = org.last.slice(0, 7).replace('-', '');
    const base = `${address}/api/organisations/${org.organisationId}`;
    const get = async (url: string) => {
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.json();
    };
    for (let i = 0; i < 10; i++) await get(`${base}/data-sources?month=${month}`);
    await measure('list: first 100 rows (sort by name)', RUNS, () =>
      get(`${base}/data-sources?month=${month}`),
    );
    await measure('list: first 100 rows (sort by figure, desc)', RUNS, () =>
      get(`${base}/data-sources?month=${month}&sort=-4`),
    );
    await measure('month figures (data-sources-consumption)', RUNS, () =>
      get(`${base}/data-sources-consumption/cons/${month}`),
    );
    await measure('screen: page + month figures together', RUNS, () =>
      Promise.all([
        get(`${base}/data-sources?month=${month}`),
        get(`${base}/data-sources-consumption/cons/${month}`),
      ]),
    );

    const body = JSON.stringify({
      assets: org.meterIds,
      data: ['kWh', '$', 'CO2e'],
      ranges: [{ aggregation: 'monthly', start: org.first.slice(0, 7), end: org.last.slice(0, 7) }],
      validationColumns: true,
    });
    const variants = [
      { format: 'csv', encoding: 'br, gzip' },
      { format: 'csv', encoding: 'identity' },
      { format: 'xlsx', encoding: 'br, gzip' },
    ] as const;
    for (const { format, encoding } of variants) {
      for (let run = 0; run < 3; run++) {
        global.gc?.();
        const heapBefore = process.memoryUsage().heapUsed;
        let heapPeak = heapBefore;
        const sampler = setInterval(() => {
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
        }, 20);
        const t0 = performance.now();
        const res = await fetch(`${base}/meter-data-export?format=${format}`, {
          method: 'POST',
          headers,
          body,
        });
        if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
        let bytes = 0;
        let firstByte = 0;
        for await (const chunk of res.body) {
          if (bytes === 0) firstByte = performance.now() - t0;
          bytes += (chunk as Uint8Array).length;
        }
        const ms = performance.now() - t0;
        clearInterval(sampler);
        console.log(
          `export ${format} (${encoding}) ${METERS} x ${MONTHS}: ${(ms / 1000).toFixed(2)} s, first byte ${firstByte.toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} MB, heap growth at most ${((heapPeak - heapBefore) / 1e6).toFixed(1)} MB`,
        );
      }
    }
  } finally {
    await app.close();
    await database.pool.end();
  }
}
