import { performance } from 'node:perf_hooks';
import { connect } from '@verdant/db/client';
import { runMigrations } from '@verdant/db/migrate';
import { generateScaleOrganisation } from '@verdant/db/scale-generator';
import { sql } from 'drizzle-orm';
import { evaluateOrganisation } from '../apps/api/src/modules/invoices/invoice-alerts.service';
import type { BenchContext } from './context';

const METERS = Number(process.env.BENCH_BILL_AUDIT_METERS ?? 2000);
const MONTHS = 36;

/**
 * Bill audit of a whole organisation (target: under 30 s as a job): 2,000 meters with 36 months of
 * invoices, every meter with Consumption and Tariff Alert set-ups and the organisation's estimates and nil
 * consumption counts on; the job audits the last year of invoices (about 24,000), then again (re-evaluation
 * updates rather than adds).
 */
export async function billAuditBench(ctx: BenchContext) {
  console.log(`\n## Bill audit of an organisation (${METERS} meters, ${MONTHS} months)`);
  const database = connect(await ctx.freshDatabase('bench_bill_audit'), 10);
  await runMigrations(database.pool);
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const org = await generateScaleOrganisation(database.db, {
    meters: METERS,
    hhMeters: 0,
    months: MONTHS,
    today,
  });
  // Consumption 'different by' 2 %: the generated meters change 2-3 % a year, so most invoices raise alerts
  // and the job writes them as well as reading (at 10 % nothing is raised and only the reads are timed).
  await database.db.execute(sql`
    insert into meter_alert_settings (organisation_id, meter_id, consumption_differ, consumption_perc, tariff_rel)
    select organisation_id, id, 3, 2, 5 from meters where organisation_id = ${org.organisationId}`);
  await database.db.execute(sql`
    update organisations set alert_settings = ${JSON.stringify({
      estimatesAlertEnabled: true,
      estimatesAlertCount: 2,
      nillConsumptionAlertEnabled: true,
      nillConsumptionAlertCount: 2,
    })} where id = ${org.organisationId}`);
  await database.db.execute(sql`analyze`);
  console.log(`set up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    for (const run of ['first run', 'second run']) {
      const t0 = performance.now();
      const n = await evaluateOrganisation(database.db, org.organisationId, today);
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `bill audit, ${run}: ${n.invoices} invoices, ${n.alerts} unreviewed alerts in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, n.invoices)).toFixed(2)} ms an invoice)`,
      );
    }
  } finally {
    await database.close();
  }
}
