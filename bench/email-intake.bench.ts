import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect, type Db } from '@verdant/db/client';
import { createMember } from '@verdant/db/factories';
import { runMigrations } from '@verdant/db/migrate';
import { generateScaleOrganisation } from '@verdant/db/scale-generator';
import { sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { JOB_SCHEMA, startJobRunner } from '../apps/api/src/jobs/runner';
import { createLocalStorage } from '../apps/api/src/lib/storage';
import {
  sendVolume,
  untilProcessed,
  volumeMeters,
} from '../apps/api/src/modules/email-processing/email-volume';
import { startSmtpListener } from '../apps/api/src/modules/email-processing/smtp-listener';
import type { BenchContext } from './context';
import { BENCH_INTAKE, BENCH_SENDER, benchIntake, billMeters, paddedBill } from './fixtures/email-bills';

const BILLS = Number(process.env.BENCH_EMAIL_BILLS ?? 50);
const MESSAGE_MB = Number(process.env.BENCH_EMAIL_MB ?? 25);
const MESSAGES = Number(process.env.BENCH_EMAIL_MESSAGES ?? 1000);
const METERS = Number(process.env.BENCH_EMAIL_ORG_METERS ?? 300);

const activeJobs = async (db: Db) =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job where state in ('created', 'retry', 'active') and start_after < now()`,
    )
  ).rows[0]?.n ?? 0;
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)] ?? 0;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;

/**
 * Invoices by email end to end, in one process as `JOBS_IN_PROCESS=true` runs them (the API, the job runner at its
 * production polling interval, the SMTP listener; the sender in the same process): (a) one message of 25 MB with
 * 50 PDF bills drawn as the demo's are, from the start of the SMTP transaction to every item accepted or parked,
 * target under 2 minutes; (b) 1,000 messages of one small CSV each sent at once, all processed and none lost,
 * with the dashboard's p95 under 200 ms while they are received and processed.
 */
export async function emailIntakeBench(ctx: BenchContext) {
  console.log(
    `\n## Invoices by email: ${BILLS} PDF bills in one ${MESSAGE_MB} MB message; ${MESSAGES} CSV messages`,
  );
  const database = connect(await ctx.freshDatabase('bench_email_intake'), 20);
  await runMigrations(database.pool);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verdant-bench-email-'));
  const today = new Date().toISOString().slice(0, 10);
  const org = await generateScaleOrganisation(database.db, {
    meters: METERS,
    hhMeters: 0,
    months: 36,
    today,
  });
  const admin = await createMember(database.db, org.organisationId, {
    loginId: 'bench.mail',
    accessId: 2,
    admin: true,
  });
  await benchIntake(database.db, org.organisationId, admin.id);
  const type = await database.db.execute<{ energyId: number; unitId: number }>(sql`
    select energy_id as "energyId", unit_id as "unitId" from meters where id = ${org.meterIds[0]}`);
  const { energyId = 0, unitId = 0 } = type.rows[0] ?? {};
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  const runner = await startJobRunner({ pool: database.pool, db: database.db, work: true, storage });
  const listener = await startSmtpListener({
    db: database.db,
    storage,
    port: 0,
    host: '127.0.0.1',
    maxBytes: 60 * 1024 * 1024,
    send: (name, data) => runner.send(name, data),
  });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_CACHE_SECONDS: '0' });
  const app = await buildApp({
    config,
    db: database.db,
    mailer: { send: async () => {} },
    logger: false,
    jobQueue: runner,
  });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username: admin.loginId, password: 'Verdant-test-1' },
    });
    const dash = { authorization: `Bearer ${login.json().data.token}` };

    // (a) One message of 25 MB with 50 PDF bills.
    const accounts = await billMeters(database.db, org.organisationId, energyId, unitId, BILLS);
    const per = Math.floor((MESSAGE_MB * 1024 * 1024 * 0.75) / BILLS);
    const attachments = [];
    for (const [k, account] of accounts.entries())
      attachments.push({ filename: `bill-${k}.pdf`, content: await paddedBill(account, k, per) });
    const raw = await new MailComposer({
      from: BENCH_SENDER,
      to: BENCH_INTAKE,
      subject: `${BILLS} bills`,
      text: 'Our invoices are attached.',
      attachments,
    })
      .compile()
      .build();
    const conn = new SMTPConnection({ host: '127.0.0.1', port: listener.port, ignoreTLS: true });
    await new Promise<void>((resolve, reject) => {
      conn.once('error', reject);
      conn.connect(() => resolve());
    });
    const t0 = performance.now();
    const answer = await new Promise<string>((resolve, reject) =>
      conn.send({ from: BENCH_SENDER, to: [BENCH_INTAKE] }, raw, (err, info) =>
        err ? reject(err) : resolve(info.response),
      ),
    );
    const storedS = (performance.now() - t0) / 1000;
    conn.quit();
    const big = await untilProcessed(database.db, org.organisationId, BILLS, 600_000);
    const bigS = (performance.now() - t0) / 1000;
    console.log(
      `one message of ${(raw.length / 1024 / 1024).toFixed(1)} MB with ${BILLS} PDF bills: stored and answered (${answer.slice(0, 3)}) in ${storedS.toFixed(1)} s; every item accepted or parked in ${bigS.toFixed(1)} s (target under 120 s: ${verdict(bigS < 120 && !big.byState.pending)}) ${JSON.stringify(big.byState)}; ${load()}`,
    );

    // (b) 1,000 messages of one small CSV each, with the dashboard's calls beside them.
    const meters = await volumeMeters(database.db, org.organisationId, energyId, unitId, MESSAGES);
    const calls = ['/api/dashboard/yearly-comparison-cons', '/api/dashboard/monthly-savings-co2e'];
    const durations: number[] = [];
    let running = true;
    const dashboard = (async () => {
      for (let i = 0; running; i++) {
        const s = performance.now();
        await app.inject({ url: calls[i % calls.length] ?? '', headers: dash });
        durations.push(performance.now() - s);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t1 = performance.now();
    const sent = await sendVolume({
      port: listener.port,
      to: BENCH_INTAKE,
      from: 'accounts@bench.example',
      count: MESSAGES,
      meters,
    });
    const loadAfterSend = load();
    const counts = await untilProcessed(database.db, org.organisationId, BILLS + MESSAGES, 1_800_000);
    const allS = (performance.now() - t1) / 1000;
    running = false;
    await dashboard;
    const csv = await database.db.execute<{ state: string; n: number }>(sql`
      select state, count(*)::int as n from email_items where organisation_id = ${org.organisationId}
        and filename like 'vol-%' group by state`);
    const byState = Object.fromEntries(csv.rows.map((r) => [r.state, r.n]));
    const stored = counts.messages - 1;
    const lost = MESSAGES - stored;
    console.log(
      `${MESSAGES} CSV messages: sent and stored in ${sent.seconds.toFixed(1)} s (${sent.refused.length} refused; target within 60 s: ${verdict(sent.seconds <= 60 && sent.refused.length === 0)}); all processed in ${allS.toFixed(1)} s ${JSON.stringify(byState)}; ${stored} stored, ${lost} lost (target none lost, all processed: ${verdict(lost === 0 && byState.accepted === MESSAGES)}); ${loadAfterSend} after sending`,
    );
    console.log(
      `dashboard meanwhile: ${durations.length} calls, p95 ${p95(durations).toFixed(1)} ms (target under 200 ms: ${verdict(p95(durations) < 200)}); ${load()}`,
    );
    // The ledger's recomputes the invoices asked for finish before the runner stops (it ends with the pool).
    for (let i = 0; i < 600 && (await activeJobs(database.db)) > 0; i++)
      await new Promise((r) => setTimeout(r, 500));
  } finally {
    await listener.close();
    await app.close();
    await runner.stop();
    await database.pool.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}
