import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import { type ReceivedMail, smtpMailer, startSmtp } from '../../testing/smtp';
import { bearer } from '../../testing/test-app';
import { reportOrganisation } from './report-fixture';
import { createReportRunService } from './report-run.service';
import { sendScheduled } from './schedule-send';
import { sweepSchedules } from './schedule-sweep';

/*
 * The saved complimentary report is a report of the catalogue (docs/decisions/comp-report.md, The saved report
 * in the catalogue): run now as a PDF, emailed on a schedule through a real SMTP server like any other report.
 * The organisation is report-fixture.ts's; today 21 November 2026 in Auckland, so its pages cover October 2026.
 */
let fx: Awaited<ReturnType<typeof reportOrganisation>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  fx = await reportOrganisation({ mailer: smtpMailer(smtp) });
}, 120_000);
afterAll(async () => {
  await fx?.t.close();
  await smtp?.close();
});

const XML =
  '<compReport><page class="MonthlySummary"><parameter name="movers">3</parameter></page>' +
  '<page class="EmissionsBySource"><parameter name="months">12</parameter></page></compReport>';
const run = (who = 'r.admin') => fx.run(who, { id: 10, output: 'pdf', start: null });
const save = () =>
  fx.t.app.inject({
    method: 'PUT',
    url: `/api/organisations/${fx.org.id}/reporting/comp-report`,
    headers: { ...bearer(fx.tokens['r.admin'] ?? ''), 'content-type': 'application/xml' },
    payload: XML,
  });
function pdfText(data: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'verdant-comp-')), 'report.pdf');
  writeFileSync(file, data);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

describe('the saved complimentary report in the catalogue', () => {
  it('is listed as a PDF report of the organisation', async () => {
    const list = await fx.get('r.admin', `/organisations/${fx.org.id}/reporting/reports`);
    expect(list.statusCode).toBe(200);
    const found = list.json().find((r: { id: number }) => r.id === 10);
    expect(found).toMatchObject({
      name: 'Complimentary report',
      type: 'NoLength',
      output: ['pdf'],
      target: ['organisation'],
      restrictions: { favourite: true, email: true, schedule: true },
    });
  });

  it('says none is saved yet, then runs the saved pages as one PDF', async () => {
    const before = await run();
    expect(before.statusCode, before.body).toBe(200);
    expect(pdfText(before.rawPayload)).toMatch(/no complimentary report is saved yet[\s\S]*No data found/);
    expect((await save()).statusCode).toBe(200);
    const res = await run();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Complimentary Report');
    expect(text).toContain('Monthly energy and carbon summary, Oct 2026 · Report Org');
    expect(text).toContain('Emissions by source');
    // The monthly summary's October total, as the report run alone says it (report-fixture.ts).
    expect(text).toMatch(/1,270\.00/);
    expect(text).toContain('Fingerprint (SHA-256)');
    // Another organisation's administrator runs their own organisation's, and learns nothing of this one.
    const outsider = await run('r.outsider');
    expect(outsider.statusCode).toBe(200);
    const theirs = pdfText(outsider.rawPayload);
    expect(theirs).toContain('Elsewhere · no complimentary report is saved yet');
    expect(theirs).not.toMatch(/Report Org|1,270\.00/);
  });

  it('is emailed monthly on a schedule, once, with the PDF attached', async () => {
    const made = await fx.t.app.inject({
      method: 'POST',
      url: '/api/data/reporting/email/create',
      headers: bearer(fx.tokens['r.admin'] ?? ''),
      payload: {
        id: 10,
        output: 'pdf',
        asset: { type: 'organisation' },
        address: 'board@example.nz',
        frequency: 'Monthly',
        on: 1,
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ reportName: 'Complimentary report', when: 'Monthly on day 1' });
    // Due at 06:00 on 1 December in Auckland (17:00 UTC on 30 November).
    const due = new Date(made.json().data.nextSendAt);
    expect(due.toISOString()).toBe('2026-11-30T17:00:00.000Z');
    const runner = createReportRunService({
      db: fx.t.db,
      storage: createLocalStorage(path.join(fx.t.config.dataDir, 'files')),
    });
    const handed: number[] = [];
    const sweep = () => sweepSchedules(fx.t.db, due, async (id) => void handed.push(id));
    expect(await sweep()).toEqual({ made: 1, handed: 1 });
    expect(await sweep()).toEqual({ made: 0, handed: 0 });
    const deps = { db: fx.t.db, runner, mailer: smtpMailer(smtp), now: due };
    expect((await sendScheduled(deps, handed[0] as number)).outcome).toBe('sent');
    const [mail, ...more] = (await smtp.waitFor(1)) as ReceivedMail[];
    expect(more).toEqual([]);
    expect(mail?.to).toContain('board@example.nz');
    expect(mail?.attachments).toEqual([
      expect.objectContaining({ filename: expect.stringMatching(/^complimentary-report-.*\.pdf$/) }),
    ]);
  });
});
