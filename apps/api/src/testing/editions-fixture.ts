import { createMeter, createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test-app';

/**
 * The world of the factor-edition tests (figures' editions, restatements, the dashboard as originally reported):
 * the seeded catalogue (packages/db/src/catalogue-data.ts), a product administrator 'root', organisations with one
 * grid electricity meter using 120,000 kWh in each of some calendar years, and test editions of the grid factor
 * loaded from a file in the documented layout, published and confirmed through the API as an administrator would.
 */

/** MfE 2025's grid electricity factor for 2022, kg CO2e/kWh (scope 2, location-based). */
export const MFE_2022 = 0.0818949105;
/** MfE 2026's grid electricity and T&D loss factors from 2025 on, kg CO2e/kWh (scope 2 and scope 3). */
export const MFE_2025_GRID = 0.0786625;
export const MFE_2025_LOSSES = 0.00595616;
/** What each meter uses in each of its years. */
export const YEAR_KWH = 120_000;

type Method = 'GET' | 'POST' | 'PUT';

export type EditionsWorld = Awaited<ReturnType<typeof editionsWorld>>;

/** The test app with its job runner (restatements run as jobs), the catalogue and 'root' signed in. */
export async function editionsWorld(opts: { clock?: () => Date } = {}) {
  const t = await createTestApp({ jobs: true, clock: opts.clock });
  await seedCatalogue(t.db);
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  const tokens: Record<string, string> = { root: await t.login('root') };
  const call = (who: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });
  return { t: t as TestApp, tokens, call };
}

/**
 * An organisation with its administrator `loginId` (signed in) and, when `years` has any, one grid electricity
 * meter invoiced 120,000 kWh for each whole calendar year, its facts computed.
 */
export async function gridOrganisation(w: EditionsWorld, name: string, loginId: string, years: number[]) {
  const org = await createOrganisation(w.t.db, { name });
  await createMember(w.t.db, org.id, { loginId, accessId: 2, admin: true });
  w.tokens[loginId] = await w.t.login(loginId);
  if (years.length === 0) return { id: org.id, meterId: null };
  const kwh = await w.t.db.execute<{ id: number }>(
    sql`select id from units where data_type_id = 13 and name = 'kWh'`,
  );
  const site = await createSite(w.t.db, org.id);
  const meter = await createMeter(w.t.db, site, { energyId: 13, unitId: kwh.rows[0]?.id });
  for (const year of years) {
    await createInvoice(w.t.db, meter, {
      from: `${year}-01-01`,
      till: `${year}-12-31`,
      consumption: YEAR_KWH,
      cost: 20_000,
    });
  }
  await recomputeFacts(w.t.db, [meter.id]);
  return { id: org.id, meterId: meter.id };
}

/** Loads a draft edition of Test Agency's grid electricity factor for one calendar year (2022 unless said). */
export async function loadEdition(
  w: EditionsWorld,
  edition: { name: string; published: string; rate: number; year?: number; supersedes?: number },
) {
  const year = edition.year ?? 2022;
  const file = [
    'Publisher,Edition,Data type,Unit,Scope,Basis,Valid from,Valid to,kg CO2e',
    `Test Agency,${edition.name},Electricity (grid supplied),kWh,2,location,${year}-01-01,${year}-12-31,${edition.rate}`,
  ].join('\n');
  const query = new URLSearchParams({
    layout: 'documented',
    name: edition.name,
    published: edition.published,
  });
  if (edition.supersedes) query.set('supersedes', String(edition.supersedes));
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/admin/emission-factor-editions?${query}`,
    headers: { ...bearer(w.tokens.root ?? ''), 'content-type': 'text/csv' },
    payload: file,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** Proposes publishing a draft edition: the restatement it would make, previewed. */
export async function publishEdition(w: EditionsWorld, editionId: number, reason: string) {
  const proposed = await w.call('root', 'POST', `/admin/emission-factor-editions/${editionId}/publish`, {
    reason,
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  return proposed.json();
}

/** Confirming hands the restatement to the jobs centre's Emission Factor Update; this waits for it. */
export async function confirmRestatement(w: EditionsWorld, who: string, url: string) {
  const res = await w.call(who, 'POST', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'running' });
  const { id, jobId } = res.json() as { id: number; jobId: number };
  for (let i = 0; i < 200; i++) {
    const r = await w.t.db.execute<{ status: string }>(
      sql`select status from background_jobs where id = ${jobId}`,
    );
    if (!['pending', 'running'].includes(r.rows[0]?.status ?? '')) break;
    await new Promise((done) => setTimeout(done, 150));
  }
  const job = await w.call('root', 'GET', `/tools/jobs/${jobId}`);
  expect(job.json()).toMatchObject({ kind: 'restatement', status: 'finished' });
  return (await w.call('root', 'GET', `/admin/restatements/${id}`)).json();
}

/** Loads, publishes and confirms an edition: the restatement done. */
export async function restate(w: EditionsWorld, edition: Parameters<typeof loadEdition>[1], reason: string) {
  const id = await loadEdition(w, edition);
  const proposal = await publishEdition(w, id, reason);
  return confirmRestatement(w, 'root', `/admin/restatements/${proposal.id}/confirm`);
}

/**
 * The world of the screens' edition tests: today is 15 January 2025; an organisation with its administrator
 * 'admin', an observer and one grid meter invoiced for 2022 to 2024; 'other' administers another organisation.
 */
export async function screensWorld(name: string) {
  const w = await editionsWorld({ clock: () => new Date('2025-01-15T00:00:00Z') });
  const org = await gridOrganisation(w, name, 'admin', [2022, 2023, 2024]);
  await gridOrganisation(w, 'Other Org', 'other', []);
  await createMember(w.t.db, org.id, { loginId: 'observer', accessId: 4 });
  w.tokens.observer = await w.t.login('observer');
  const meterId = Number(org.meterId);
  const site = await w.t.db.execute<{ site_id: number }>(
    sql`select site_id from meters where id = ${meterId}`,
  );
  const siteRef = { id: Number(site.rows[0]?.site_id), organisationId: org.id };
  return { w, orgId: org.id, meterId, siteRef };
}

/** The names of an answer's editions, in order. */
export const editionNames = (editions: { name: string }[]) => editions.map((e) => e.name);

/** A GET answered 200, its body. */
export async function answered(w: EditionsWorld, who: string, url: string) {
  const res = await w.call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Another organisation's administrator is refused and learns no edition. */
export async function refusedToOther(w: EditionsWorld, method: 'GET' | 'POST', url: string, body?: object) {
  const res = await w.call('other', method, url, body);
  expect([403, 404], url).toContain(res.statusCode);
  expect(res.body).not.toContain('MfE');
}
