import { createMeter, createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { runRestatementJob } from './restatement-job';

/**
 * The Emission Factor Update's worker dies mid-restatement (docs/decisions/catalogue.md, Restatements applied as
 * a job): its database connection is ended while the job's transaction has recomputed the facts but not yet
 * committed. Every fact is as before, the edition still a draft; run again, every fact is as after.
 * 120,000 kWh in 2022: 120,000 x 0.0818949105 = 9,827.38926 kg before, 120,000 x 0.0742 = 8,904 kg after.
 */

let t: TestApp;
let token = '';
let organisationId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  token = await t.login('root');
  const org = await createOrganisation(t.db, { name: 'Killed worker' });
  organisationId = org.id;
  await createMember(t.db, org.id, { loginId: 'kw-admin', accessId: 2, admin: true });
  const kwh = await t.db.execute<{ id: number }>(
    sql`select id from units where data_type_id = 13 and name = 'kWh'`,
  );
  const meter = await createMeter(t.db, await createSite(t.db, org.id), {
    energyId: 13,
    unitId: kwh.rows[0]?.id,
  });
  await createInvoice(t.db, meter, { from: '2022-01-01', till: '2022-12-31', consumption: 120_000, cost: 1 });
  await recomputeFacts(t.db, [meter.id]);
});
afterAll(() => t.close());

const s2 = async () =>
  Number(
    (
      await t.db.execute<{ kg: number }>(sql`select sum(co2e_scope2_location)::float8 as kg from monthly_facts
        where organisation_id = ${organisationId}`)
    ).rows[0]?.kg,
  );
const one = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows[0] as T;

it('leaves every fact as before when the worker dies, and as after when it runs again', async () => {
  const file = [
    'Publisher,Edition,Data type,Unit,Scope,Basis,Valid from,Valid to,kg CO2e',
    'Test Agency,KW 2023,Electricity (grid supplied),kWh,2,location,2022-01-01,2022-12-31,0.0742',
  ].join('\n');
  const loaded = await t.app.inject({
    method: 'POST',
    url: '/api/admin/emission-factor-editions?layout=documented&name=KW%202023&published=2023-06-01',
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: file,
  });
  expect(loaded.statusCode, loaded.body).toBe(200);
  const editionId = loaded.json().data.id as number;
  const api = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
  const proposal = (
    await api(`/admin/emission-factor-editions/${editionId}/publish`, { reason: 'KW' })
  ).json();
  // No job runner in this app: the job waits, Pending, for this test to play the worker.
  const confirmed = (await api(`/admin/restatements/${proposal.id}/confirm`)).json();
  expect(confirmed).toMatchObject({ status: 'running', jobId: expect.any(Number) });
  const jobId = confirmed.jobId as number;
  expect(await s2()).toBeCloseTo(9827.38926, 4);

  // Hold the table the job writes last, so it waits there with every fact recomputed but not committed.
  const blocker = await t.database.pool.connect();
  await blocker.query('begin');
  await blocker.query('lock table restatement_organisations in exclusive mode');
  const run = runRestatementJob(t.db, jobId, new Date()).then(
    () => null,
    (error: Error) => error,
  );
  let pid: number | undefined;
  for (let i = 0; i < 400 && pid === undefined; i++) {
    const waiting = await t.db.execute<{ pid: number }>(sql`select pid from pg_stat_activity
      where wait_event_type = 'Lock' and query ilike '%restatement_organisations%' and pid <> pg_backend_pid()`);
    pid = waiting.rows[0]?.pid;
    if (pid === undefined) await new Promise((done) => setTimeout(done, 50));
  }
  expect(pid, 'the job reached its last write').toBeDefined();
  expect(
    await one<{ done: number }>(sql`select progress_done as done from background_jobs where id = ${jobId}`),
  ).toEqual({ done: 1 });
  await t.db.execute(sql`select pg_terminate_backend(${pid})`);
  expect(await run).toBeInstanceOf(Error);
  await blocker.query('rollback');
  blocker.release();

  expect(await s2()).toBeCloseTo(9827.38926, 4);
  expect(await one(sql`select status from emission_factor_editions where id = ${editionId}`)).toEqual({
    status: 'draft',
  });
  expect(await one(sql`select count(*)::int as n from restated_facts`)).toEqual({ n: 0 });
  expect(await one(sql`select status from background_jobs where id = ${jobId}`)).toEqual({
    status: 'crashed',
  });

  // The runner's retry: the same job runs again, whole.
  await runRestatementJob(t.db, jobId, new Date());
  expect(await s2()).toBeCloseTo(8904, 4);
  expect(await one(sql`select status from restatements where id = ${proposal.id}`)).toEqual({
    status: 'done',
  });
  const job = (await t.app.inject({ url: `/api/tools/jobs/${jobId}`, headers: bearer(token) })).json();
  expect(job).toMatchObject({ status: 'finished', attempts: 2, result: { meters: 1, organisations: 1 } });
});
