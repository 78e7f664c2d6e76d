import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/job-definition';
import { recomputePendingJob } from '../../jobs/recompute-pending.job';
import { type JobRunner, startJobRunner } from '../../jobs/runner';
import { createLocalStorage, newStorageKey } from '../../lib/storage';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Job kinds in the jobs centre (docs/decisions/job-runner.md): a job that does not keep its own row gets one per
 * run from its `record`: finished with its result and a file to download, Crashed when its answer says it
 * failed, dropped when a scheduled run found nothing. The file is for whoever may see the job.
 */

let t: TestApp;
let runner: JobRunner;
const tokens: Record<string, string> = {};
let orgId = 0;
let ownerId = 0;

const loadJob = defineJob({
  name: 'test.kind-load',
  schema: z.object({ rows: z.number(), fail: z.boolean() }),
  queue: { retryLimit: 0 },
  record: {
    describe: async ({ rows }) => ({
      kind: 'import',
      title: `Test load of ${rows} rows`,
      ownerId,
      organisationId: orgId,
      parameters: { rows },
    }),
    outcome: async (output, { fail }) => {
      const o = output as { stored: number; key: string };
      return fail
        ? { error: 'The file could not be read', result: o }
        : { result: { stored: o.stored }, file: { key: o.key, filename: 'test - error report.csv' } };
    },
  },
  async handler({ rows }, { storage }) {
    const key = newStorageKey('reports');
    await storage?.put(key, Buffer.from('Line,Reason\n2,Not a number\n'));
    return { stored: rows - 1, key };
  },
});

const sweepJob = defineJob({
  name: 'test.kind-sweep',
  schema: z.object({ found: z.number() }),
  record: {
    describe: async () => ({ kind: 'purge', title: 'Test sweep', ownerId: null, organisationId: null }),
    keep: (output) => (output as { found: number }).found > 0,
  },
  handler: async ({ found }) => ({ found }),
});

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  const org = await createOrganisation(t.db, { name: 'Kinds' });
  const other = await createOrganisation(t.db, { name: 'Other kinds' });
  orgId = org.id;
  ownerId = (await createMember(t.db, org.id, { loginId: 'loader', accessId: 3 })).id;
  await createMember(t.db, other.id, { loginId: 'other-admin', accessId: 2, admin: true });
  for (const who of ['root', 'loader', 'other-admin']) tokens[who] = await t.login(who);
  runner = await startJobRunner({
    pool: t.database.pool,
    db: t.db,
    work: true,
    jobs: [recomputePendingJob as JobDefinition, loadJob as JobDefinition, sweepJob as JobDefinition],
    storage: createLocalStorage(`${t.config.dataDir}/files`),
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const get = (who: string, url: string) =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

async function settled(title: string) {
  for (let i = 0; i < 200; i++) {
    const rows = await t.db.execute<{ id: number; status: string }>(
      sql`select id, status from background_jobs where title = ${title}`,
    );
    const row = rows.rows[0];
    if (row && !['pending', 'running'].includes(row.status)) return row;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${title} did not settle`);
}

it('keeps a row for a run of a kind that keeps none, with its result and file', async () => {
  await runner.send(loadJob.name, { rows: 10, fail: false });
  const { id, status } = await settled('Test load of 10 rows');
  expect(status).toBe('finished');
  const job = (await get('loader', `/tools/jobs/${id}`)).json();
  expect(job).toMatchObject({
    kind: 'import',
    organisation: { id: orgId, name: 'Kinds' },
    result: { stored: 9 },
    download: { filename: 'test - error report.csv' },
  });
  const file = await get('loader', `/tools/jobs/${id}/file`);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toContain('text/csv');
  expect(file.body).toContain('Not a number');
  // Another organisation's administrator learns nothing of it.
  const refused = await get('other-admin', `/tools/jobs/${id}/file`);
  expect(refused.statusCode).toBe(404);
  expect(refused.body).not.toContain('Not a number');
});

it('shows a run whose answer says it failed as Crashed', async () => {
  await runner.send(loadJob.name, { rows: 3, fail: true });
  const { id, status } = await settled('Test load of 3 rows');
  expect(status).toBe('crashed');
  const job = (await get('root', `/tools/jobs/${id}`)).json();
  expect(job).toMatchObject({ error: 'The file could not be read', download: null });
});

it('drops the row of a scheduled run that found nothing', async () => {
  await runner.send(sweepJob.name, { found: 0 });
  await runner.send(sweepJob.name, { found: 2 });
  await settled('Test sweep');
  await new Promise((done) => setTimeout(done, 1500));
  const rows = await t.db.execute<{ result: { found: number } }>(
    sql`select result from background_jobs where title = 'Test sweep' and status = 'finished'`,
  );
  expect(rows.rows.map((r) => r.result.found)).toEqual([2]);
});
