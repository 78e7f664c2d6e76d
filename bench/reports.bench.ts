import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMember } from '@verdant/db/factories';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';
import { measure } from './measure';
import { computedScaleOrganisation } from './scale-organisation';

const METERS = Number(process.env.BENCH_METERS ?? 2000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 5);

/**
 * Reports at the bench organisation's scale (target: the monthly summary PDF under 5 s): `METERS` invoiced
 * meters over 100 sites, 25 months of invoices; the monthly summary of the last complete month run `RUNS`
 * times through the API as PDF, then the meter data of 12 months as XLSX.
 */
export async function reportsBench(ctx: BenchContext) {
  console.log(`\n## Reports: ${METERS} meters over 100 sites x 25 months`);
  const { database, today, org, seconds } = await computedScaleOrganisation(ctx, 'bench_reports', {
    meters: METERS,
    months: 25,
  });
  console.log(`generated and computed in ${seconds().toFixed(1)} s`);
  const admin = await createMember(database.db, org.organisationId, {
    loginId: 'bench.reports',
    accessId: 2,
    admin: true,
  });
  // The run itself is measured, answered at once: in the product a run this large goes to the jobs centre.
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'verdant-bench-data'),
    LOG_LEVEL: 'silent',
    REPORT_JOB_ROWS: '100000000',
  });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/public/login',
    payload: { username: admin.loginId, password: 'Verdant-test-1' },
  });
  const headers = { authorization: `Bearer ${login.json().data.token}` };
  const month = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  month.setUTCMonth(month.getUTCMonth() - 1);
  const last = month.toISOString().slice(0, 10);
  const run = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/data/reporting/reports/run', headers, payload }).then((res) => {
      if (res.statusCode !== 200)
        throw new Error(`run answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res;
    });
  const summary = { id: 1, output: 'pdf', asset: { type: 'organisation' }, start: last };
  const first = performance.now();
  await run(summary);
  const firstMs = performance.now() - first;
  // Where each run's time went, from its Server-Timing header: checking, building, drawing.
  const phases: Record<string, number[]> = { check: [], build: [], draw: [] };
  const pdf = await measure('monthly summary PDF, the organisation', RUNS, async () => {
    const res = await run(summary);
    for (const part of String(res.headers['server-timing'] ?? '').split(',')) {
      const [name = '', dur = ''] = part.trim().split(';dur=');
      phases[name]?.push(Number(dur));
    }
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const rssBefore = process.memoryUsage().rss;
  const meterData = await measure('meter data XLSX, 12 months x all meters', 2, () =>
    run({
      id: 3,
      output: 'xlsx',
      asset: { type: 'organisation' },
      start: `${last.slice(0, 4)}-01-01`,
      end: last,
    }),
  );
  const rssGrowth = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  console.log(
    `monthly summary PDF: first ${(firstMs / 1000).toFixed(2)} s, p50 ${(pdf.p50Ms / 1000).toFixed(2)} s, p95 ${(pdf.p95Ms / 1000).toFixed(2)} s (target: under 5 s)`,
  );
  console.log(
    `  of which (medians): check ${(median(phases.check ?? []) / 1000).toFixed(2)} s, build from the read model ${(median(phases.build ?? []) / 1000).toFixed(2)} s, draw the PDF ${(median(phases.draw ?? []) / 1000).toFixed(2)} s`,
  );
  console.log(
    `meter data XLSX: p50 ${(meterData.p50Ms / 1000).toFixed(2)} s; resident memory grew ${rssGrowth.toFixed(0)} MB (the workbook is streamed to the answer)`,
  );
  await app.close();
  await database.close();
}
