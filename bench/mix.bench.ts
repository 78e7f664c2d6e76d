import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@verdant/db/client';
import { runMigrations } from '@verdant/db/migrate';
import { seedDemoOnce } from '@verdant/db/seed';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { traceStatements } from './statements';

const RUNS = Number(process.env.BENCH_MIX_RUNS ?? 200);

/**
 * The calls of the load test's browsing mix (bench/load-mix.ts) one at a time on the demo, in process: the
 * statements each sends, the bytes of its answer, and its time; what a call costs before any contention.
 */
export async function mixBench(ctx: BenchContext) {
  console.log('\n## The browsing mix, one call at a time (the demo)');
  const database = connect(await ctx.freshDatabase('bench_mix'), 10);
  await runMigrations(database.pool);
  await seedDemoOnce(database.db, {});
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'verdant-bench-data'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username: 'demo', password: 'Verdant-demo-1' },
    });
    const token = login.json().data.token as string;
    const headers = { authorization: `Bearer ${token}` };
    const org = (await app.inject({ url: '/api/current-user/user-details', headers })).headers[
      'x-organisation-id'
    ];
    const urls = [
      '/api/health',
      '/api/current-user/user-details',
      '/api/current-user/org-summary',
      '/api/current-user/full-menu',
      '/api/current-user/available-orgs',
      '/api/current-user/browse?type=site',
      `/api/organisations/${org}/sites`,
      '/api/dashboard/yearly-comparison-cons',
      '/api/users',
      '/api/lookups/energy-types',
    ];
    console.log(
      '| call | statements | answer bytes | p50 | p95 | API CPU a call |\n|---|---|---|---|---|---|',
    );
    for (const url of urls) {
      let bytes = 0;
      const traced = await traceStatements(async () => {
        const res = await app.inject({ url, headers });
        bytes = res.rawPayload.length;
      });
      if (process.env.BENCH_STATEMENTS === 'all')
        for (const s of traced)
          console.log(`    ${s.ms.toFixed(2)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 220)}`);
      const times: number[] = [];
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await app.inject({ url, headers });
        times.push(performance.now() - t0);
      }
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000 / RUNS;
      times.sort((a, b) => a - b);
      const at = (q: number) => (times[Math.floor(times.length * q)] ?? 0).toFixed(2);
      console.log(
        `| ${url} | ${traced.length} | ${bytes} | ${at(0.5)} ms | ${at(0.95)} ms | ${cpuMs.toFixed(2)} ms |`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}
