import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailSweepJob } from '../../jobs/email-item.job';
import { createLocalStorage } from '../../lib/storage';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { readUntil } from '../../testing/until';
import { billPdf, intakeFixture, mimeMessage } from '../email-processing/email-fixtures';
import { intakeAddressOf, storeReceived } from '../email-processing/intake-store';

/**
 * Email batches in the jobs centre (docs/decisions/job-runner.md, Email batches): an intake sweep that sends on
 * messages keeps one row for them, Running until their items are worked, then Finished with the messages
 * received, invoices created and the refused attachments, each naming its message and reason. A sweep that
 * found nothing keeps none. Its organisation's administrators see it; another's and an observer do not.
 */

let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  fx = await intakeFixture(t.db, 'Batch Org');
  await createMember(t.db, fx.org.id, { loginId: 'batch-admin', accessId: 2, admin: true });
  await createMember(t.db, fx.org.id, { loginId: 'batch-watcher', accessId: 4 });
  const other = await createOrganisation(t.db, { name: 'Batch Other' });
  await createMember(t.db, other.id, { loginId: 'batch-other', accessId: 2, admin: true });
  for (const who of ['batch-admin', 'batch-watcher', 'batch-other']) tokens[who] = await t.login(who);
}, 60_000);
afterAll(() => t?.close());

const call = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

const sweep = () => {
  const jobs = t.jobs;
  if (!jobs) throw new Error('no job runner');
  return emailSweepJob.handler(
    { all: true },
    {
      db: t.db,
      clock: () => new Date(),
      send: (name, data) => jobs.send(name, data),
      log: () => {},
      stopping: () => false,
    },
  );
};

async function receive(subject: string, filename: string, account: string, number: string) {
  const content = await billPdf(account, number);
  const raw = await mimeMessage({
    from: 'bills@southern.test',
    to: fx.address,
    subject,
    attachments: [{ filename, content }],
  });
  const intake = await intakeAddressOf(t.db, fx.address);
  if (!intake) throw new Error('no intake address');
  const storage = createLocalStorage(`${t.config.dataDir}/files`);
  return storeReceived({ db: t.db, storage, clock: () => new Date() }, raw, {
    from: 'bills@southern.test',
    to: [intake],
  });
}

async function batchRows() {
  const rows = await t.db.execute<{ id: number; status: string }>(sql`
    select id, status from background_jobs where kind = 'email batch' and organisation_id = ${fx.org.id}`);
  return rows.rows;
}

it('a sweep that found nothing keeps no row', async () => {
  expect(await sweep()).toEqual({ sent: 0 });
  expect(await batchRows()).toEqual([]);
});

it('a sweep that sends on messages keeps one row, finished with what became of them', async () => {
  await receive('Batch good', 'batch-good.pdf', 'ACC-1', 'B-1');
  await receive('Batch parked', 'batch-parked.pdf', 'ACC-404', 'B-2');
  expect(await sweep()).toEqual({ sent: 2 });
  const [row] = await batchRows();
  if (!row) throw new Error('no email batch');
  const job = await readUntil(
    async () => (await call('batch-admin', `/tools/jobs/${row.id}`)).json(),
    (j) => j.status === 'finished',
    'the email batch finished',
  );
  expect(job).toMatchObject({
    kind: 'email batch',
    title: 'Email batch: 2 messages (intake sweep)',
    status: 'finished',
    type: 1,
    organisation: { id: fx.org.id },
    progressDone: 2,
    progressTotal: 2,
    refusedCount: 1,
    link: '/email-processing',
    mayCancel: false,
    result: { messages: 2, attachments: 2, invoicesCreated: 1, parked: 1, rejected: 0, waiting: 0 },
  });
  expect(job.refused).toEqual([
    {
      line: expect.any(Number),
      reason: expect.stringMatching(
        /^Message \d+ from bills@southern.test 'Batch parked', batch-parked.pdf: parked/,
      ),
    },
  ]);
  // A second sweep finds the messages in their batch and keeps no other row.
  await sweep();
  expect(await batchRows()).toHaveLength(1);
}, 90_000);

it("refuses another organisation's administrator and an observer, who learn nothing", async () => {
  const [row] = await batchRows();
  for (const who of ['batch-other', 'batch-watcher']) {
    const one = await call(who, `/tools/jobs/${row?.id}`);
    expect(one.statusCode).toBe(404);
    expect(one.body).not.toContain('Batch');
    const list = await call(who, '/tools/jobs');
    expect(list.body).not.toContain('email batch');
  }
});
