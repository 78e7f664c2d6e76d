import path from 'node:path';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_JOB, SWEEP_JOB } from '../../jobs/emailed-reports.job';
import { JOB_SCHEMA, type JobRunner, startJobRunner } from '../../jobs/runner';
import { createLocalStorage } from '../../lib/storage';
import { smtpMailer, startSmtp } from '../../testing/smtp';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Emailed reports on the real job runner with two workers (two pg-boss runners on one database, as two
 * processes would be): every due report reaches the SMTP server once, however many sweeps run.
 */

const REPORTS = 6;
const NOW = new Date('2026-11-02T00:00:00Z');
let t: TestApp;
let second: JobRunner;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock: () => NOW, mailer: smtpMailer(smtp), jobs: true });
  second = await startJobRunner({
    pool: t.database.pool,
    db: t.db,
    work: true,
    clock: () => NOW,
    mailer: smtpMailer(smtp),
    storage: createLocalStorage(path.join(t.config.dataDir, 'files')),
    pollingIntervalSeconds: 0.5,
  });
  const org = await createOrganisation(t.db, { name: 'Runner Org' });
  const power = await createDataType(t.db, { name: 'Electricity' });
  const site = await createSite(t.db, org.id, { name: 'Depot' });
  const meter = await createMeter(t.db, site, {
    localName: 'Supply',
    energyId: power.id,
    unitId: power.stdUnitId,
  });
  await createInvoice(t.db, meter, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await recomputeFacts(t.db, [meter.id], '2026-11-02');
  await createMember(t.db, org.id, { loginId: 'runner.editor', accessId: 3 });
  const token = await t.login('runner.editor');
  for (let i = 0; i < REPORTS; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data/reporting/email/create',
      headers: bearer(token),
      payload: {
        id: 1,
        output: 'csv',
        asset: { type: 'site', id: site.id },
        relative: 'last-full-month',
        address: `r${i}@example.nz`,
        frequency: 'Weekly',
        on: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  // Due a minute ago.
  await t.db.execute(sql`update emailed_reports set next_send_at = ${new Date(NOW.getTime() - 60_000)}`);
}, 120_000);
afterAll(async () => {
  await second?.stop();
  await t?.close();
  await smtp?.close();
});

describe('emailed reports on two workers', () => {
  it('mails every due report once, however many sweeps run', async () => {
    const jobs = t.jobs as JobRunner;
    await Promise.all([jobs.send(SWEEP_JOB), second.send(SWEEP_JOB), jobs.send(SWEEP_JOB)]);
    await smtp.waitFor(REPORTS, 60_000);
    await Promise.all([jobs.send(SWEEP_JOB), second.send(SWEEP_JOB)]);
    // Wait for the event, not a fixed time: every sweep and every send they queued has run.
    await expect
      .poll(
        async () =>
          (
            await t.db.execute<{ n: number }>(
              sql`select count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job
                where name in (${SWEEP_JOB}, ${SEND_JOB}) and state in ('created', 'retry', 'active')`,
            )
          ).rows[0]?.n,
        { timeout: 60_000, interval: 200 },
      )
      .toBe(0);
    const to = smtp.received.flatMap((m) => m.to).sort();
    expect(to).toEqual(Array.from({ length: REPORTS }, (_, i) => `r${i}@example.nz`).sort());
    const rows = await t.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from emailed_report_sends group by status`,
    );
    expect(rows.rows).toEqual([{ status: 'sent', n: REPORTS }]);
  }, 120_000);
});
