import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@verdant/db/client';
import { createMember } from '@verdant/db/factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { runMigrations } from '@verdant/db/migrate';
import { generateScaleOrganisation } from '@verdant/db/scale-generator';
import { emailedReports } from '@verdant/db/schema/emailed-reports';
import { SWEEP_JOB } from '../apps/api/src/jobs/emailed-reports.job';
import { startJobRunner } from '../apps/api/src/jobs/runner';
import { createLocalStorage } from '../apps/api/src/lib/storage';
import { smtpMailer, startSmtp } from '../apps/api/src/testing/smtp';
import type { BenchContext } from './context';

const DUE = Number(process.env.BENCH_SCHEDULED ?? 200);

/**
 * Emailed reports due at once (docs/decisions/reports.md, Sending once): `DUE` schedules of the monthly summary
 * (CSV, a 200-meter organisation) due a minute ago, drained by two job runners on one database (as two worker
 * processes would), several sweeps sent to both. Counted at a real SMTP server: every report mailed, none twice.
 */
export async function reportsScheduleBench(ctx: BenchContext) {
  console.log(`\n## Emailed reports: ${DUE} due at once, two workers`);
  const database = connect(await ctx.freshDatabase('bench_report_schedules'), 20);
  await runMigrations(database.pool);
  const today = new Date().toISOString().slice(0, 10);
  const org = await generateScaleOrganisation(database.db, { meters: 200, hhMeters: 0, months: 3, today });
  await recomputeFacts(database.db, org.meterIds, today);
  const owner = await createMember(database.db, org.organisationId, {
    loginId: 'bench.owner',
    accessId: 2,
    admin: true,
  });
  const now = new Date();
  await database.db.insert(emailedReports).values(
    Array.from({ length: DUE }, (_, i) => ({
      organisationId: org.organisationId,
      ownerId: owner.id,
      reportId: 1,
      output: 'csv',
      assetType: 'organisation',
      relative: 'last-full-month',
      addresses: `r${i}@bench.example`,
      frequency: 'M',
      reportOn: 1,
      nextSendAt: new Date(now.getTime() - 60_000),
    })),
  );
  const smtp = await startSmtp();
  const storage = createLocalStorage(path.join(os.tmpdir(), 'verdant-bench-data', 'files'));
  const runners = await Promise.all(
    [1, 2].map(() =>
      startJobRunner({
        pool: database.pool,
        db: database.db,
        work: true,
        mailer: smtpMailer(smtp),
        storage,
        pollingIntervalSeconds: 0.5,
      }),
    ),
  );
  const t0 = performance.now();
  for (const r of runners) await r.send(SWEEP_JOB);
  let drained = true;
  try {
    await smtp.waitFor(DUE, 20 * 60_000);
  } catch {
    drained = false;
  }
  const drainMs = performance.now() - t0;
  // More sweeps after the drain: nothing more may go.
  for (const r of runners) await r.send(SWEEP_JOB);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const counts = new Map<string, number>();
  for (const m of smtp.received) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  const twice = [...counts.values()].filter((n) => n > 1).length;
  const lost = DUE - counts.size;
  console.log(
    `${DUE} due: ${counts.size} mailed, ${lost} lost, ${twice} sent twice (target: none lost, none twice); ` +
      `drained ${drained ? 'in' : 'NOT within'} ${(drainMs / 1000).toFixed(1)} s, ${((DUE / drainMs) * 1000).toFixed(1)} reports/s`,
  );
  for (const r of runners) await r.stop();
  await smtp.close();
  await database.close();
}
