import { JOB_STATUS_LABELS } from '@verdant/contracts/tools';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRecord } from '../../jobs/job-records';
import { tableDigest } from '../../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The jobs centre (docs/decisions/job-runner.md, One jobs centre): each person sees their own jobs, an
 * organisation's administrators its jobs, product administrators every job; a job someone may not see is not
 * found, and nothing they ask of it changes anything.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let digest: () => Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  const root = await createUser(t.db, { loginId: 'root', productAdmin: true });
  const a = await createOrganisation(t.db, { name: 'Jobs A' });
  const b = await createOrganisation(t.db, { name: 'Jobs B' });
  const adminA = await createMember(t.db, a.id, { loginId: 'admin-a', accessId: 2, admin: true });
  const user = await createMember(t.db, a.id, { loginId: 'user-a', accessId: 3 });
  await createMember(t.db, a.id, { loginId: 'watcher-a', accessId: 4 });
  const adminB = await createMember(t.db, b.id, { loginId: 'admin-b', accessId: 2, admin: true });
  for (const who of ['root', 'admin-a', 'user-a', 'watcher-a', 'admin-b']) tokens[who] = await t.login(who);
  const job = (
    ownerId: number,
    organisationId: number | null,
    title: string,
    queue = 'catalogue.restatement',
  ) => createJobRecord(t.db, { queue, kind: 'restatement', title, ownerId, organisationId, parameters: {} });
  ids.userJob = await job(user.id, a.id, 'Secret A job');
  ids.bJob = await job(adminB.id, b.id, 'Secret B job');
  ids.rootJob = await job(root.id, null, 'Catalogue job', 'imports.meter-load');
  void adminA;
  digest = await tableDigest(t.db);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });
const titles = async (who: string) =>
  ((await call(who, 'GET', '/tools/jobs')).json().jobs as { title: string }[]).map((j) => j.title).sort();

describe('who sees which jobs', () => {
  it('product administrators all; administrators their organisation’s; people their own', async () => {
    expect(await titles('root')).toEqual(['Catalogue job', 'Secret A job', 'Secret B job']);
    expect(await titles('admin-a')).toEqual(['Secret A job']);
    expect(await titles('user-a')).toEqual(['Secret A job']);
    expect(await titles('watcher-a')).toEqual([]);
    expect(await titles('admin-b')).toEqual(['Secret B job']);
  });

  it('answers a job with its status as the spec names it', async () => {
    const res = await call('user-a', 'GET', `/tools/jobs/${ids.userJob}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'pending',
      type: 1,
      owner: expect.any(String),
      mayCancel: true,
    });
    expect(res.json().organisation).toMatchObject({ name: 'Jobs A' });
    expect(JOB_STATUS_LABELS.setup).toBe('Not Ready');
  });

  it("refuses another organisation's administrator and an observer, who learn nothing", async () => {
    const cases = [
      ['admin-b', 'GET', `/tools/jobs/${ids.userJob}`],
      ['watcher-a', 'GET', `/tools/jobs/${ids.userJob}`],
      ['admin-b', 'POST', `/tools/jobs/${ids.userJob}/cancel`],
      ['watcher-a', 'POST', `/tools/jobs/${ids.userJob}/cancel`],
      ['watcher-a', 'POST', `/tools/jobs/${ids.userJob}/retry`],
      ['admin-a', 'POST', `/tools/jobs/${ids.bJob}/cancel`],
    ] as const;
    for (const [who, method, url] of cases) {
      const before = await digest();
      const res = await call(who, method, url);
      expect(res.statusCode, `${who} ${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Secret');
      expect(await digest()).toEqual(before);
    }
    for (const who of ['admin-a', 'watcher-a']) {
      const before = await digest();
      expect((await call(who, 'GET', '/tools/jobs-health')).statusCode).toBe(403);
      const created = await call(who, 'POST', '/tools/jobs/create/emission-factor-update', {
        restatementId: 1,
      });
      expect(created.statusCode).toBe(403);
      expect(await digest()).toEqual(before);
    }
  });
});

describe('cancel, retry and health', () => {
  it('cancels a pending job at once, then runs it again on retry', async () => {
    const cancelled = await call('admin-a', 'POST', `/tools/jobs/${ids.userJob}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const job = (await call('user-a', 'GET', `/tools/jobs/${ids.userJob}`)).json();
    expect(job).toMatchObject({ status: 'cancelled', mayCancel: false, mayRetry: true });
    expect(job.log.map((l: { message: string }) => l.message)).toContain('Cancel asked for');
    const again = await call('user-a', 'POST', `/tools/jobs/${ids.userJob}/cancel`);
    expect(again.statusCode).toBe(400);
    const retried = await call('user-a', 'POST', `/tools/jobs/${ids.userJob}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', cancelRequested: false });
  });

  it('refuses to run again a job that is not crashed or cancelled, changing nothing', async () => {
    const before = await digest();
    const res = await call('root', 'POST', `/tools/jobs/${ids.rootJob}/retry`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A job that is pending cannot be run again');
    expect(await digest()).toEqual(before);
  });

  it('tells product administrators queue depth, the oldest queued job, failures and workers', async () => {
    await t.db.execute(sql`update background_jobs set status = 'crashed', finished_at = now()
      where id = ${ids.bJob}`);
    const res = await call('root', 'GET', '/tools/jobs-health');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().failures24h).toBe(1);
    expect(res.json().queues).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'restatement', queued: 2, running: 0 })]),
    );
    expect(res.json().queues[0].oldestQueuedSeconds).toBeGreaterThanOrEqual(0);
  });

  it('refuses an Emission Factor Update of a restatement that does not exist', async () => {
    const res = await call('root', 'POST', '/tools/jobs/create/emission-factor-update', {
      restatementId: 999999,
    });
    expect(res.statusCode).toBe(404);
  });
});
