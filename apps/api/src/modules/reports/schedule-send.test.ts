import path from 'node:path';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import { type ReceivedMail, smtpMailer, startSmtp } from '../../testing/smtp';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { createReportRunService } from './report-run.service';
import { sendScheduled } from './schedule-send';
import { sweepSchedules } from './schedule-sweep';

/*
 * Scheduled sends with a frozen clock, through the product's mailer to a real SMTP server. A monthly report on
 * day 1 with 'Last full month' and a hold of 95 % for 10 days, set up on 25 October 2026 in Auckland: due at
 * 06:00 on 1 November (17:00 UTC on 31 October) for October. Four sites: October complete (31 of 31 days),
 * two with 20 of 31 days (64.5 %), and one without data whose schedule skips an empty period.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let org: { id: number };
const meters: Record<string, { id: number; organisationId: number }> = {};
const schedules: Record<string, number> = {};
let token = '';

const at = (iso: string) => new Date(iso);
const DUE = at('2026-10-31T17:01:00Z');

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock: () => at('2026-10-25T00:00:00Z'), mailer: smtpMailer(smtp) });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Send Org' });
  const power = await createDataType(db, { name: 'Electricity' });
  await createMember(db, org.id, { loginId: 'send.owner', accessId: 3, email: 'owner@example.nz' });
  token = await t.login('send.owner');
  for (const name of ['complete', 'completes-later', 'goes-late', 'empty']) {
    const site = await createSite(db, org.id, { name });
    const meter = await createMeter(db, site, {
      localName: `${name} supply`,
      energyId: power.id,
      unitId: power.stdUnitId,
      meterOpen: '2025-01-01',
    });
    meters[name] = meter;
    if (name !== 'empty') {
      const till = name === 'complete' ? '2026-10-31' : '2026-10-20';
      await createInvoice(db, meter, { from: '2026-10-01', till, consumption: 3100, cost: 620 });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data/reporting/email/create',
      headers: bearer(token),
      payload: {
        id: 1,
        output: 'pdf',
        asset: { type: 'site', id: site.id },
        relative: 'last-full-month',
        address: `${name}@example.nz`,
        frequency: 'Monthly',
        on: 1,
        holdPercent: 95,
        holdDays: 10,
        skipWhenEmpty: name === 'empty',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.nextSendAt).toBe('2026-10-31T17:00:00.000Z');
    schedules[name] = res.json().data.emailId;
  }
  await recomputeFacts(
    db,
    Object.values(meters).map((m) => m.id),
    '2026-11-01',
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const deps = (now: Date) => ({
  db: t.db,
  runner: createReportRunService({
    db: t.db,
    storage: createLocalStorage(path.join(t.config.dataDir, 'files')),
  }),
  mailer: smtpMailer(smtp),
  now,
});
/** Sweeps at `now` and sends what it hands out, as the jobs would. */
async function sweepAndSend(now: Date) {
  const handed: number[] = [];
  const swept = await sweepSchedules(t.db, now, async (id) => {
    handed.push(id);
  });
  const outcomes = [];
  for (const id of handed) outcomes.push({ id, ...(await sendScheduled(deps(now), id)) });
  return { swept, outcomes };
}
const sends = async () =>
  (
    await t.db.execute<{ emailed_report_id: number; status: string; percent: string | null; due_on: string }>(
      sql`select emailed_report_id, status, percent::text, due_on from emailed_report_sends order by id`,
    )
  ).rows;
const mailsTo = (address: string) => smtp.received.filter((m: ReceivedMail) => m.to.includes(address));

describe('a scheduled send', () => {
  it('is made once per occurrence, however often the sweep runs, and mailed once', async () => {
    const handed: number[] = [];
    const first = await sweepSchedules(t.db, DUE, async (id) => {
      handed.push(id);
    });
    const again = await sweepSchedules(t.db, DUE, async (id) => {
      handed.push(id);
    });
    expect(first).toEqual({ made: 4, handed: 4 });
    expect(again).toEqual({ made: 0, handed: 0 });
    expect((await sends()).map((s) => s.due_on)).toEqual(Array(4).fill('2026-11-01'));
    // The same send handed to two workers: one mails it, the other finds it taken.
    const complete = (await sends()).findIndex((s) => s.emailed_report_id === schedules.complete);
    const id = handed[complete] as number;
    const [a, b] = await Promise.all([sendScheduled(deps(DUE), id), sendScheduled(deps(DUE), id)]);
    expect([a.outcome, b.outcome].sort()).toEqual(['sent', 'taken']);
    for (const other of handed.filter((h) => h !== id)) await sendScheduled(deps(DUE), other);
    await smtp.waitFor(3);
    const [mail, ...more] = mailsTo('complete@example.nz');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Monthly energy and carbon summary: complete');
    expect(mail?.text).toContain('01/10/2026 to 31/10/2026');
    expect(mail?.text).not.toContain('incomplete');
    expect(mail?.attachments[0]).toMatchObject({
      filename: 'monthly-energy-and-carbon-summary-2026-10.pdf',
      contentType: 'application/pdf',
    });
  });

  it('waits below the hold, telling the owner once, and skips an empty period when asked', async () => {
    const byReport = new Map((await sends()).map((s) => [s.emailed_report_id, s]));
    expect(byReport.get(schedules['completes-later'] as number)).toMatchObject({
      status: 'waiting',
      percent: '64.5',
    });
    expect(byReport.get(schedules['goes-late'] as number)).toMatchObject({
      status: 'waiting',
      percent: '64.5',
    });
    expect(byReport.get(schedules.empty as number)?.status).toBe('skipped');
    const told = mailsTo('owner@example.nz');
    expect(told.map((m) => m.subject).sort()).toEqual([
      'Waiting for data: Monthly energy and carbon summary for completes-later',
      'Waiting for data: Monthly energy and carbon summary for goes-late',
    ]);
    expect(told[0]?.text).toContain('64.5 % complete');
    expect(told[0]?.attachments).toEqual([]);
    expect(mailsTo('completes-later@example.nz')).toEqual([]);
    expect(mailsTo('empty@example.nz')).toEqual([]);
    // Two hours on it looks again, still waits, and does not tell the owner again.
    const later = await sweepAndSend(at('2026-10-31T19:02:00Z'));
    expect(later.outcomes.map((o) => o.outcome)).toEqual(['waiting', 'waiting']);
    expect(mailsTo('owner@example.nz')).toHaveLength(2);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/org-emailed-reports/${org.id}`,
      headers: bearer(token),
    });
    const row = listed.json().find((r: { emailId: number }) => r.emailId === schedules['goes-late']);
    expect(row.lastStatus).toBe(
      'Waiting: 64.5 % of the data for 01/10/2026 to 31/10/2026 (sends at 95 %, or on 10/11/2026 as it is)',
    );
  });

  it('sends when the data is complete', async () => {
    await createInvoice(t.db, meters['completes-later'] as never, {
      from: '2026-10-21',
      till: '2026-10-31',
      consumption: 1100,
      cost: 220,
    });
    await recomputeFacts(t.db, [meters['completes-later']?.id as number], '2026-11-03');
    const run = await sweepAndSend(at('2026-11-03T00:00:00Z'));
    expect(run.outcomes.map((o) => o.outcome).sort()).toEqual(['sent', 'waiting']);
    await smtp.waitFor(4);
    const [mail, ...more] = mailsTo('completes-later@example.nz');
    expect(more).toEqual([]);
    expect(mail?.text).not.toContain('incomplete');
    expect(mail?.attachments).toHaveLength(1);
  });

  it('sends at the hold deadline as it is, saying it is incomplete, and never again', async () => {
    // 07:00 on 10 November in Auckland: ten days after October.
    const run = await sweepAndSend(at('2026-11-09T18:00:00Z'));
    expect(run.outcomes.map((o) => o.outcome)).toEqual(['sent']);
    await smtp.waitFor(5);
    const [mail] = mailsTo('goes-late@example.nz');
    expect(mail?.text).toContain(
      'This report is incomplete: the data for 01/10/2026 to 31/10/2026 is 64.5 % complete.',
    );
    expect(mail?.attachments).toHaveLength(1);
    const quiet = await sweepAndSend(at('2026-11-20T00:00:00Z'));
    expect(quiet.outcomes).toEqual([]);
    expect(smtp.received).toHaveLength(5);
    const statuses = (await sends()).map((s) => s.status).sort();
    expect(statuses).toEqual(['sent', 'sent', 'sent', 'skipped']);
  });
});
