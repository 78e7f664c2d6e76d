import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@verdant/db/client';
import { createMember } from '@verdant/db/factories';
import { runMigrations } from '@verdant/db/migrate';
import { generateScaleOrganisation } from '@verdant/db/scale-generator';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { BenchContext } from './context';

const METERS = Number(process.env.BENCH_REGISTER_METERS ?? 2000);
const MONTHS = Number(process.env.BENCH_REGISTER_MONTHS ?? 36);
const LINES = 3;

/**
 * The invoice register of 72,000 invoices as XLSX, streamed (target: under 30 s, the process's resident memory
 * growing by less than 200 MB): `METERS` invoiced meters x `MONTHS` months, each invoice with 3 lines and one in
 * ten with a bill-audit exception (the register's lines and exceptions sheets), the register of the whole range run
 * through a listening server and read by a client that counts the bytes as they arrive, with the process's
 * resident memory sampled every 50 ms (server and client share the process, so the growth counts both).
 */
export async function reportsRegisterBench(ctx: BenchContext) {
  const invoices = METERS * MONTHS;
  console.log(`\n## Invoice register: ${invoices.toLocaleString('en-NZ')} invoices as XLSX, streamed`);
  const database = connect(await ctx.freshDatabase('bench_register'), 10);
  await runMigrations(database.pool);
  const today = new Date().toISOString().slice(0, 10);
  const t0 = performance.now();
  const org = await generateScaleOrganisation(database.db, {
    meters: METERS,
    hhMeters: 0,
    months: MONTHS,
    today,
  });
  // Every invoice has its lines (3 each) and one in ten a bill-audit exception: the register's other sheets.
  await database.db.execute(sql`
    insert into invoice_line_items (organisation_id, invoice_id, category, description, rate, units, total, sort_order)
    select i.organisation_id, i.id, 'charge', 'Charge ' || k, 12.5, 100 * k, 12.5 * k, k
    from invoices i, generate_series(1, ${LINES}) k where i.organisation_id = ${org.organisationId}`);
  await database.db.execute(sql`
    insert into meter_alerts (organisation_id, meter_id, message, alert_date, status, invoice_id, audit)
    select x.organisation_id, x.meter_id, 'Cost per unit differs from the meter''s usual', i.date_till,
      'pending', i.id, 'cost-per-unit'
    from invoices i join invoice_meters x on x.organisation_id = i.organisation_id and x.invoice_id = i.id
    where i.organisation_id = ${org.organisationId} and i.id % 10 = 0`);
  await database.db.execute(sql`analyze`);
  console.log(
    `generated in ${((performance.now() - t0) / 1000).toFixed(1)} s, with ${(invoices * LINES).toLocaleString('en-NZ')} ` +
      `lines and ${(invoices / 10).toLocaleString('en-NZ')} bill-audit exceptions (no facts: the register reads invoices)`,
  );
  const admin = await createMember(database.db, org.organisationId, {
    loginId: 'bench.register',
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
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/public/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.loginId, password: 'Verdant-test-1' }),
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
    const payload = {
      id: 5,
      output: 'xlsx',
      asset: { type: 'organisation' },
      start: org.first,
      end: today,
      settings: {},
    };
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const cpu = process.cpuUsage();
    const loadBefore = os.loadavg()[0]?.toFixed(1);
    const started = performance.now();
    const res = await fetch(`${address}/api/data/reporting/reports/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` },
      body: JSON.stringify(payload),
    });
    if (res.status !== 200 || !res.body) throw new Error(`run answered ${res.status}: ${await res.text()}`);
    const firstByte = performance.now() - started;
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const grew = (peak - before) / 1024 / 1024;
    const load = `${loadBefore} at the start, ${os.loadavg()[0]?.toFixed(1)} at the end`;
    // The API's own CPU time (server and client share this process; the database's is not counted): on a busy
    // machine the wall time says more about the load than about the code.
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    console.log(
      `invoice register XLSX, ${invoices.toLocaleString('en-NZ')} invoices: ${seconds.toFixed(1)} s (target: under 30 s), ` +
        `${(bytes / 1024 / 1024).toFixed(1)} MB, first byte after ${(firstByte / 1000).toFixed(1)} s, ` +
        `API CPU ${cpuSeconds.toFixed(1)} s; ` +
        `resident memory grew ${grew.toFixed(0)} MB at its peak (target: under 200 MB); load average ${load} on ${os.cpus().length} cores`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
