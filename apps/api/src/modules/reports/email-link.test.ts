import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext } from '../../jobs/job-definition';
import { purgeReportFilesJob } from '../../jobs/purge-report-files.job';
import { createLocalStorage } from '../../lib/storage';
import { type ReceivedMail, smtpMailer, startSmtp } from '../../testing/smtp';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Large files by link: with REPORT_LINK_BYTES at 5,000, the monthly summary's PDF (over 10 KB) goes as a signed
 * link through a real SMTP server, and its CSV (a few hundred bytes) is still attached.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let site = 0;
let token = '';
let linked = '';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    // 1 am on 22 November in Auckland, the organisation's zone: a week on is the 29th there, the 28th in UTC.
    clock: () => new Date('2026-11-21T12:00:00Z'),
    mailer: smtpMailer(smtp),
    env: { REPORT_LINK_BYTES: '5000' },
  });
  const org = await createOrganisation(t.db, { name: 'Link Org' });
  const power = await createDataType(t.db, { name: 'Electricity' });
  const depot = await createSite(t.db, org.id, { name: 'Depot' });
  const meter = await createMeter(t.db, depot, {
    localName: 'Depot supply',
    energyId: power.id,
    unitId: power.stdUnitId,
  });
  await createInvoice(t.db, meter, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await recomputeFacts(t.db, [meter.id], '2026-11-21');
  site = depot.id;
  await createMember(t.db, org.id, { loginId: 'l.editor', accessId: 3 });
  token = await t.login('l.editor');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const email = (output: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/data/reporting/email/now',
    headers: bearer(token),
    payload: {
      id: 1,
      output,
      asset: { type: 'site', id: site },
      start: '2026-10-01',
      address: 'ana@example.nz',
    },
  });

describe('an emailed report above the configured size', () => {
  it('goes as a signed link that opens that one file, and a small one is still attached', async () => {
    expect((await email('pdf')).statusCode).toBe(200);
    const [mail] = (await smtp.waitFor(1)) as ReceivedMail[];
    expect(mail?.attachments).toEqual([]);
    expect(mail?.text).toMatch(
      /is too large to attach \(\d+ KB\): download monthly-energy-and-carbon-summary-2026-10\.pdf until 29\/11\/2026 from\n/,
    );
    const url =
      /http:\/\/verdant\.test(\/api\/direct\/\S+)/.exec(
        mail?.text.replace(/\s+(?=\S*\.pdf)/g, '') ?? '',
      )?.[1] ?? '';
    const file = await t.app.inject({ url });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The token names the file and its name: another name, or another file, opens nothing.
    expect((await t.app.inject({ url: url.replace(/\.pdf$/, '.csv') })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: url.replace(
            /report-files\/[0-9a-f-]{36}/,
            'report-files/00000000-0000-4000-8000-000000000000',
          ),
        })
      ).statusCode,
    ).toBe(404);

    expect((await email('csv')).statusCode).toBe(200);
    const [, small] = (await smtp.waitFor(2)) as ReceivedMail[];
    expect(small?.attachments).toEqual([
      expect.objectContaining({ filename: 'monthly-energy-and-carbon-summary-2026-10.csv' }),
    ]);
    linked = url;
  });
});

describe('stored report files', () => {
  it('are removed by the hourly purge once kept 7 days, and the link then says so', async () => {
    expect((await email('pdf')).statusCode).toBe(200);
    const storage = createLocalStorage(path.join(t.config.dataDir, 'files'));
    const stored = await storage.list('reports');
    expect(stored).toHaveLength(2);
    const [older, newer] = stored.sort((a, b) => a.storedAt.getTime() - b.storedAt.getTime());
    // The first link's file stored 7 days and a minute ago, the second's 6 days and 23 hours ago.
    const now = Date.now();
    const age = (key: string | undefined, ms: number) =>
      utimes(path.join(t.config.dataDir, 'files', key ?? ''), new Date(now - ms), new Date(now - ms));
    await age(older?.key, 7 * DAY + 60_000);
    await age(newer?.key, 7 * DAY - HOUR);
    const ctx = { db: t.db, clock: () => new Date(now), storage, log: () => {} } as unknown as JobContext;
    expect(await purgeReportFilesJob.handler({}, ctx)).toEqual({ files: 1 });
    expect((await storage.list('reports')).map((f) => f.key)).toEqual([newer?.key]);
    const gone = await t.app.inject({ url: linked });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This report file was removed after 7 days. Run the report again.');
    expect(await purgeReportFilesJob.handler({}, ctx)).toEqual({ files: 0 });
  });
});
