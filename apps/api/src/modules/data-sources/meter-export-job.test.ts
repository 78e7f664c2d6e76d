import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createJobRecord } from '../../jobs/job-records';
import { tableDigest } from '../../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { readUntil } from '../../testing/until';
import { METER_EXPORT_JOB } from './meter-export-job';

/**
 * The Meter Data Export in the background (docs/decisions/job-runner.md, Exports): its job in the jobs centre
 * with its progress in data sources, its file downloaded from the job with formulas neutralised; another
 * organisation's administrator and an observer learn nothing of someone else's export.
 */

let t: TestApp;
let orgId = 0;
const meters: number[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Export Job Org' });
  orgId = org.id;
  const other = await createOrganisation(t.db, { name: 'Export Job Other' });
  await createMember(t.db, org.id, { loginId: 'xj-admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'xj-watcher', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'xj-other', accessId: 2, admin: true });
  for (const who of ['xj-admin', 'xj-watcher', 'xj-other']) tokens[who] = await t.login(who);
  const electricity = await createDataType(t.db, { name: 'Electricity XJ' });
  const site = await createSite(t.db, org.id, { name: 'XJ site' });
  for (const name of ['=HYPERLINK("x")', 'Plain supply']) {
    const meter = await createMeter(t.db, site, {
      localName: name,
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
      meterOpen: '2026-01-01',
    });
    await createInvoice(t.db, meter, { from: '2026-09-01', till: '2026-09-30', consumption: 900, cost: 90 });
    meters.push(meter.id);
  }
  await recomputeFacts(t.db, meters, '2026-11-21');
}, 60_000);
afterAll(() => t?.close());

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });
const request = () => ({
  assets: meters,
  data: ['kWh', '$'],
  ranges: [{ aggregation: 'monthly', start: '2026-09', end: '2026-10' }],
});

const finished = (id: number) =>
  readUntil(
    async () => (await call('xj-admin', 'GET', `/tools/jobs/${id}`)).json(),
    (job) => !['pending', 'running'].includes(job.status),
    'the export job ended',
  );

let jobId = 0;

it('runs the export as a job, its file downloaded from the jobs centre with formulas neutralised', async () => {
  const res = await call(
    'xj-admin',
    'POST',
    `/organisations/${orgId}/meter-data-export/job?format=csv`,
    request(),
  );
  expect(res.statusCode, res.body).toBe(200);
  jobId = res.json().jobId;
  expect(res.json().message).toContain('4 rows');
  const job = await finished(jobId);
  expect(job).toMatchObject({
    kind: 'export',
    title: 'Meter Data Export: 2 data sources (CSV)',
    status: 'finished',
    type: 1,
    organisation: { id: orgId },
    progressDone: 2,
    progressTotal: 2,
    mayRetry: false,
    link: '/data-sources',
    download: { filename: 'meter-data-export-2026-11-21.csv' },
    result: { rows: 4, dataSources: 2 },
  });
  const file = await call('xj-admin', 'GET', `/tools/jobs/${jobId}/file`);
  expect(file.statusCode).toBe(200);
  const lines = file.body.trim().split('\n');
  expect(lines[0]).toBe('Data Source,Site,Account,Measuring,Aggregation,Period,Energy (kWh),Cost ($)');
  expect(lines).toHaveLength(5);
  expect(lines.some((l) => l.startsWith('"\'=HYPERLINK(""x"")"'))).toBe(true);
  expect(lines.some((l) => l.startsWith('=') || l.includes(',='))).toBe(false);
});

it("refuses another organisation's administrator and an observer someone else's export, changing nothing", async () => {
  const digest = await tableDigest(t.db);
  const before = await digest();
  for (const who of ['xj-other', 'xj-watcher']) {
    for (const url of [`/tools/jobs/${jobId}`, `/tools/jobs/${jobId}/file`]) {
      const res = await call(who, 'GET', url);
      expect(res.statusCode, `${who} ${url}`).toBe(404);
      expect(res.body).not.toContain('Meter Data Export');
    }
    expect((await call(who, 'POST', `/tools/jobs/${jobId}/retry`)).statusCode).toBe(404);
    expect((await call(who, 'GET', '/tools/jobs')).body).not.toContain('Meter Data Export');
  }
  // Another organisation's administrator cannot export this organisation's data sources at all; an observer
  // exports at once, and may not keep a job.
  const theirs = await call('xj-other', 'POST', `/organisations/${orgId}/meter-data-export/job`, request());
  expect([403, 404]).toContain(theirs.statusCode);
  const watcher = await call(
    'xj-watcher',
    'POST',
    `/organisations/${orgId}/meter-data-export/job`,
    request(),
  );
  expect(watcher.statusCode).toBe(403);
  expect(watcher.body).not.toContain('jobId');
  expect(await digest()).toBe(before);
});

it('refuses bad input with a clear message and starts nothing', async () => {
  const count = async () =>
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from background_jobs where kind = 'export'`,
      )
    ).rows[0]?.n;
  const before = await count();
  const res = await call('xj-admin', 'POST', `/organisations/${orgId}/meter-data-export/job`, {
    ...request(),
    ranges: [{ aggregation: 'monthly', start: '2026-10', end: '2026-01' }],
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toContain('A range cannot end before it starts');
  expect(await count()).toBe(before);
});

it('a cancelled export can be run again, and then leaves its file', async () => {
  // Kept but not yet sent (as a job waiting behind others): cancelled at once, then run again from the jobs centre.
  const parameters = { ...request(), validationColumns: false, format: 'csv', rows: 4 };
  const owner = await t.db.execute<{ id: number }>(sql`select id from users where login_id = 'xj-admin'`);
  const id = await createJobRecord(t.db, {
    queue: METER_EXPORT_JOB,
    kind: 'export',
    title: 'Meter Data Export: 2 data sources (CSV)',
    ownerId: owner.rows[0]?.id ?? null,
    organisationId: orgId,
    parameters,
  });
  const cancel = await call('xj-admin', 'POST', `/tools/jobs/${id}/cancel`);
  expect(cancel.statusCode, cancel.body).toBe(200);
  const cancelled = (await call('xj-admin', 'GET', `/tools/jobs/${id}`)).json();
  expect(cancelled).toMatchObject({ status: 'cancelled', mayRetry: true, download: null });
  expect((await call('xj-admin', 'POST', `/tools/jobs/${id}/retry`)).statusCode).toBe(200);
  expect(await finished(id)).toMatchObject({ status: 'finished', attempts: 1, result: { rows: 4 } });
  expect((await call('xj-admin', 'GET', `/tools/jobs/${id}/file`)).statusCode).toBe(200);
});
