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
 * The preview sums a factor change in SQL where a month takes one rate throughout, and recomputes through the
 * ledger where a rate changes part-way through a month (docs/decisions/catalogue.md, Restatement speed). Two
 * organisations, each with a grid meter of 365 kWh a day through 2022 (one invoice of 133,225 kWh), start at
 * MfE's 0.0818949105 kg/kWh. "Part 2023" gives 0.0742 from 15 March (292 days): each moves by
 * 292 x 365 x (0.0742 - 0.0818949105) kg. "Whole 2024" gives 0.08 for all of 2022: each moves by
 * 365 x 365 x 0.08 - (73 x 365 x 0.0818949105 + 292 x 365 x 0.0742) kg. Each preview is what the job moves.
 */

let t: TestApp;
let token = '';
const MFE_2022 = 0.0818949105;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  token = await t.login('root');
});
afterAll(() => t.close());

async function organisation(name: string) {
  const org = await createOrganisation(t.db, { name });
  await createMember(t.db, org.id, { loginId: `${name}-admin`, accessId: 2, admin: true });
  const kwh = await t.db.execute<{ id: number }>(
    sql`select id from units where data_type_id = 13 and name = 'kWh'`,
  );
  const meter = await createMeter(t.db, await createSite(t.db, org.id), {
    energyId: 13,
    unitId: kwh.rows[0]?.id,
  });
  await createInvoice(t.db, meter, { from: '2022-01-01', till: '2022-12-31', consumption: 133_225, cost: 1 });
  await recomputeFacts(t.db, [meter.id]);
  return org.id;
}

const s2 = async () =>
  Number(
    (
      await t.db.execute<{ kg: number }>(
        sql`select sum(co2e_scope2_location)::float8 as kg from monthly_facts`,
      )
    ).rows[0]?.kg,
  );

async function previewAndApply(name: string, from: string, published: string, rate: number) {
  const file = [
    'Publisher,Edition,Data type,Unit,Scope,Basis,Valid from,Valid to,kg CO2e',
    `Test Agency,${name},Electricity (grid supplied),kWh,2,location,${from},2022-12-31,${rate}`,
  ].join('\n');
  const api = (url: string, payload?: object, headers: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...bearer(token), ...headers }, payload });
  const loaded = await api(
    `/admin/emission-factor-editions?layout=documented&name=${encodeURIComponent(name)}&published=${published}`,
    file as never,
    { 'content-type': 'text/csv' },
  );
  expect(loaded.statusCode, loaded.body).toBe(200);
  const proposal = (
    await api(`/admin/emission-factor-editions/${loaded.json().data.id}/publish`, { reason: name })
  ).json();
  const confirmed = (await api(`/admin/restatements/${proposal.id}/confirm`)).json();
  await runRestatementJob(t.db, confirmed.jobId, new Date());
  const done = await t.db.execute<{ preview: typeof proposal.preview }>(
    sql`select preview from restatements where id = ${proposal.id}`,
  );
  return { previewed: proposal.preview, moved: done.rows[0]?.preview };
}

it('previews a change from the middle of a month through the ledger, as the job then moves it', async () => {
  const ids = [await organisation('one'), await organisation('two')];
  const { previewed, moved } = await previewAndApply('Part 2023', '2022-03-15', '2023-06-01', 0.0742);
  const expected = 292 * 365 * (0.0742 - MFE_2022);
  expect(previewed).toMatchObject({ organisations: 2, meters: 2 });
  expect(previewed.kgCo2eMoved).toBeCloseTo(2 * Math.abs(expected), 3);
  for (const org of previewed.byOrganisation) {
    expect(ids).toContain(org.organisationId);
    expect(org.years[0].after.s2Location - org.years[0].before.s2Location).toBeCloseTo(expected, 2);
  }
  expect(moved).toEqual(previewed);
});

it('previews a change from the first of a month in SQL, as the job then moves it', async () => {
  const before = await s2();
  const { previewed, moved } = await previewAndApply('Whole 2024', '2022-01-01', '2024-06-01', 0.08);
  const after = await s2();
  expect(after).toBeCloseTo(2 * 365 * 365 * 0.08, 4);
  expect(previewed).toMatchObject({ organisations: 2, meters: 2 });
  // Each month's move counts whole: January to 14 March fall, the rest rise.
  const jan = 31 * 365 * (MFE_2022 - 0.08);
  expect(previewed.kgCo2eMoved).toBeGreaterThan(after - before + 2 * 2 * jan - 0.01);
  for (const org of previewed.byOrganisation)
    expect(org.years[0].after.s2Location - org.years[0].before.s2Location).toBeCloseTo(
      (after - before) / 2,
      2,
    );
  expect(moved).toEqual(previewed);
});
