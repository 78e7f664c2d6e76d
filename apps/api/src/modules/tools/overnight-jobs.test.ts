import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EditionsWorld,
  editionsWorld,
  gridOrganisation,
  loadEdition,
  publishEdition,
} from '../../testing/editions-fixture';

/**
 * Overnight jobs (data-portal.md 3, Background job: type 2 Overnight; docs/decisions/job-runner.md, Overnight
 * jobs): an Emission Factor Update created as Overnight waits, Pending, for the night window (OVERNIGHT_WINDOW,
 * 01:00-05:00 by default) on the organisation's clock, held back by pg-boss's startAfter, and runs once it is due.
 *
 * The clock stands at 15 January 2027, 02:00 UTC: 15:00 NZDT (UTC+13) in Auckland, the product's time zone for an
 * edition of the default set. The next 01:00 NZDT is 16 January, which is 15 January 12:00 UTC. The database's own
 * clock is earlier, so pg-boss holds the job until the test moves its start into the past.
 */

const NIGHT = '2027-01-15T12:00:00Z';
let w: EditionsWorld;
let proposalId = 0;
let jobId = 0;
let organisationId = 0;
let editionId = 0;

beforeAll(async () => {
  w = await editionsWorld({ clock: () => new Date('2027-01-15T02:00:00Z') });
  organisationId = (await gridOrganisation(w, 'Overnight Org', 'admin', [2025])).id;
  const edition = await loadEdition(w, {
    name: 'TA 2026 (night)',
    published: '2026-07-01',
    rate: 0.07,
    year: 2025,
  });
  editionId = edition;
  proposalId = (await publishEdition(w, edition, '2025 grid revised overnight')).id;
});
afterAll(() => w.t.close());

const create = (who: string, body: object) =>
  w.call(who, 'POST', '/tools/jobs/create/emission-factor-update', { restatementId: proposalId, ...body });
const row = async () =>
  (
    await w.t.db.execute<{ type: number; status: string; started_at: string | null; run_after: string }>(sql`
      select type, status, started_at::text,
        to_char(run_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as run_after
      from background_jobs where id = ${jobId}`)
  ).rows[0];
const boss = async () =>
  (
    await w.t.db.execute<{ state: string; start_after: string }>(sql`
      select state, to_char(start_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start_after
      from pgboss.job where name = 'catalogue.restatement' and data->>'jobId' = ${String(jobId)}`)
  ).rows;

describe('an Overnight Emission Factor Update', () => {
  it('refuses a type that is neither Immediate nor Overnight, and anyone but a product administrator', async () => {
    const bad = await create('root', { type: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A job runs Immediate (1) or Overnight (2)');
    expect((await create('admin', { type: 2 })).statusCode).toBe(403);
    const still = await w.call('root', 'GET', `/admin/restatements/${proposalId}`);
    expect(still.json()).toMatchObject({ status: 'proposed', jobId: null });
  });

  it('is created with type 2, Pending, to start at the next 01:00 on the clock', async () => {
    const res = await create('root', { type: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'restatement', type: 2, status: 'pending', runAfter: NIGHT });
    jobId = res.json().id;
    expect(await row()).toMatchObject({ type: 2, status: 'pending', started_at: null, run_after: NIGHT });
    // pg-boss keeps it until then: its startAfter is the night window's start.
    expect(await boss()).toEqual([{ state: 'created', start_after: NIGHT }]);
    // Queued, but not late: its age in the queues' health counts from its start.
    const health = await w.call('root', 'GET', '/tools/jobs-health');
    expect(health.json().queues.find((q: { kind: string }) => q.kind === 'restatement')).toMatchObject({
      queued: 1,
      oldestQueuedSeconds: null,
    });
    const listed = await w.call('root', 'GET', '/tools/jobs');
    expect(listed.json().jobs.find((j: { id: number }) => j.id === jobId)).toMatchObject({
      type: 2,
      status: 'pending',
      runAfter: NIGHT,
    });
  });

  it('is not started before its start, though the worker polls meanwhile', async () => {
    // The test runner's worker polls every 0.5 s: several polls pass.
    await new Promise((done) => setTimeout(done, 3000));
    expect(await row()).toMatchObject({ status: 'pending', started_at: null });
    expect(await boss()).toEqual([{ state: 'created', start_after: NIGHT }]);
    const r = await w.t.db.execute<{ status: string }>(
      sql`select status from restatements where id = ${proposalId}`,
    );
    expect(r.rows[0]?.status).toBe('running');
  });

  it('runs once it is due, and applies the restatement', async () => {
    await w.t.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second'
      where name = 'catalogue.restatement' and data->>'jobId' = ${String(jobId)}`);
    for (let i = 0; i < 200 && ['pending', 'running'].includes((await row())?.status ?? ''); i++)
      await new Promise((done) => setTimeout(done, 150));
    expect(await row()).toMatchObject({ type: 2, status: 'finished', run_after: NIGHT });
    const done = await w.call('root', 'GET', `/admin/restatements/${proposalId}`);
    expect(done.json()).toMatchObject({ status: 'done', jobId });
  });
});

describe("an organisation's own change of editions, confirmed Overnight", () => {
  it('waits, Pending, for the night window on the organisation’s clock (Auckland: the same 01:00 NZDT)', async () => {
    const proposal = await w.call('admin', 'POST', `/organisations/${organisationId}/edition-policy`, {
      mode: 'pinned',
      switchDate: '2025-01-01',
      pins: [{ reportingYear: 2025, editionId }],
      reason: 'Keep 2025 on the night edition',
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    const path = `/organisations/${organisationId}/restatements/${proposal.json().id}/confirm`;
    const bad = await w.call('admin', 'POST', path, { type: 3 });
    expect(bad.statusCode).toBe(400);
    const confirmed = await w.call('admin', 'POST', path, { type: 2 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    jobId = confirmed.json().jobId;
    expect(jobId).toBeGreaterThan(0);
    expect(await row()).toMatchObject({ type: 2, status: 'pending', started_at: null, run_after: NIGHT });
    expect(await boss()).toEqual([{ state: 'created', start_after: NIGHT }]);
  });
});
