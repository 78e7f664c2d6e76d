import { createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The answers of a fuel purchase save (data-portal.md 8, 'Purchase success': 'Purchase added'; 'Purchase
 * updated'), and the odometer plausibility warning (docs/decisions/fleet.md): a reading more than 1,500 km a
 * day above the one before it is saved, counted and warned about. Today is 15/05/2026.
 */
let t: TestApp;
let token = '';
let vehicle = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-05-15T10:00:00Z') });
  await seedCatalogue(t.db);
  const org = await createOrganisation(t.db, { name: 'Fuel Words Org' });
  const depot = await createSite(t.db, org.id, { name: 'Depot', siteOpen: '2010-01-01' });
  await createMember(t.db, org.id, { loginId: 'fuel-editor', accessId: 3 });
  token = await t.login('fuel-editor');
  const res = await call('POST', `/sites/${depot.id}/new-vehicles`, {
    purchaseDate: '2026-01-01',
    reporting: 'ORGANISATION',
    list: [
      {
        registration: 'ODO1',
        make: 'Toyota',
        model: 'Hilux',
        year: 2022,
        bodyShapeId: 5,
        seats: 5,
        transmissionTypeId: 1,
        engineSize: 2.8,
        fuelId: 4,
        desiredEfficiency: 8.5,
      },
    ],
  });
  vehicle = res.json().data.newVehicleList[0].id;
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}

describe('fuel purchase answers', () => {
  it("says 'Purchase added' and 'Purchase updated', as the spec words them", async () => {
    const added = await call('POST', `/vehicles/${vehicle}/purchases`, {
      date: '2026-03-01',
      odo: 20000,
      quantity: 40,
      cost: 100,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ message: 'Purchase added', warning: null });
    const updated = await call('PUT', `/vehicles/${vehicle}/purchases/${added.json().data.readingId}`, {
      date: '2026-03-01',
      odo: 20000,
      quantity: 41,
      cost: 101,
    });
    expect(updated.json()).toMatchObject({ message: 'Purchase updated', warning: null });
  });

  it('warns of a jump of 35,000 km in five days, and not of 600 km in a day', async () => {
    const normal = await call('POST', `/vehicles/${vehicle}/purchases`, {
      date: '2026-03-02',
      odo: 20600,
      quantity: 40,
      cost: 100,
    });
    expect(normal.json().warning).toBeNull();
    const jump = await call('POST', `/vehicles/${vehicle}/purchases`, {
      date: '2026-03-07',
      odo: 55600,
      quantity: 40,
      cost: 100,
    });
    expect(jump.statusCode).toBe(200);
    expect(jump.json()).toMatchObject({
      message: 'Purchase added',
      warning:
        'The odometer is 35,000 km above the reading of 02/03/2026: more than 1,500 km a day. Please check it',
      data: { odometerJump: true },
    });
    const list = (await call('GET', `/vehicles/${vehicle}/purchases`)).json().purchases;
    expect(list.map((p: { odo: number; odometerJump: boolean }) => [p.odo, p.odometerJump])).toEqual([
      [55600, true],
      [20600, false],
      [20000, false],
    ]);
    // Corrected, the warning goes.
    const fixed = await call('PUT', `/vehicles/${vehicle}/purchases/${jump.json().data.readingId}`, {
      date: '2026-03-07',
      odo: 23500,
      quantity: 40,
      cost: 100,
    });
    expect(fixed.json()).toMatchObject({ message: 'Purchase updated', warning: null });
  });
});
