import { createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The world of the fleet tests (docs/decisions/tooling.md, A test file's world in a fixture module).
 * Fleet Org has Depot; Other Org has Their Site. Today is 15/05/2026. The catalogue is the real one: petrol 5,
 * diesel 4 (litres at 37.3 MJ = 10.3611 kWh), EV by kWh 14, distance 116 (km, unit 35).
 * The hand-computed vehicle (same as packages/domain/src/vehicles.test.ts):
 *   25/02 10000 km 40 L $100; 05/03 10400 30 L $75; 20/03 10300 (lower: flagged) 10 L $25;
 *   25/03 11000 40 L $110; 04/04 11300 20 L $50.
 *   March: 80 L, 1030 km, 31 days, $210 -> 7.77 L/100km, 2.58 L/day, 33.23 km/day, $6.77/day.
 */

export let t: TestApp;
export let org: { id: number };
export let other: { id: number };
export const ids: Record<string, number> = {};
export const tokens: Record<string, string> = {};
export const clock = () => new Date('2026-05-15T10:00:00Z');

/** Registers the world's set-up and tear-down in the calling test file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.db;
    await seedCatalogue(db);
    org = await createOrganisation(db, { name: 'Fleet Org' });
    other = await createOrganisation(db, { name: 'Other Org' });
    ids.depot = (await createSite(db, org.id, { name: 'Depot', siteOpen: '2010-01-01' })).id;
    ids.theirSite = (await createSite(db, other.id, { name: 'Their Site' })).id;
    await createMember(db, org.id, { loginId: 'admin', accessId: 4, admin: true });
    await createMember(db, org.id, { loginId: 'editor', accessId: 3 });
    await createMember(db, org.id, { loginId: 'observer', accessId: 4 });
    await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
    for (const k of ['admin', 'editor', 'observer', 'outsider']) tokens[k] = await t.login(k);
  });
  afterAll(() => t.close());
}

export const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });

export const row = (registration: string, over: Record<string, unknown> = {}) => ({
  registration,
  make: 'Toyota',
  model: 'Hilux',
  year: 2022,
  bodyShapeId: 5,
  seats: 5,
  transmissionTypeId: 1,
  engineSize: 2.7551,
  fuelId: 4,
  desiredEfficiency: 8.456,
  ...over,
});

export const count = async (table: string) =>
  (await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n;

/**
 * Adds the Depot's two vehicles in one batch, as an editor would: ABC123 (a diesel Toyota Hilux) and EVA1 (a
 * Nissan Leaf by kWh), bought 1 February 2026; keeps their ids and the diesel's fuel and distance meters.
 */
export async function addVehicles() {
  const res = await call('editor', 'POST', `/sites/${ids.depot}/new-vehicles`, {
    purchaseDate: '2026-02-01',
    reporting: 'ORGANISATION',
    list: [
      row('abc123'),
      row('EVA1', { fuelId: 14, make: 'Nissan', model: 'Leaf', engineSize: 0, desiredEfficiency: 15 }),
    ],
  });
  if (res.statusCode !== 200) return res;
  const created = res.json().data.newVehicleList;
  ids.diesel = created[0].id;
  ids.ev = created[1].id;
  const v = (await call('observer', 'GET', `/vehicles/${ids.diesel}`)).json();
  ids.fuelMeter = v.consMeter;
  ids.distanceMeter = v.distanceMeter;
  return res;
}
