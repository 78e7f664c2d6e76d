import { createMeter, createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { meters } from '@verdant/db/schema/assets';
import { vehicles } from '@verdant/db/schema/vehicles';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Deleted by comes from the history when the row does not record it (data sources, vehicles); a deleted
 * vehicle is listed, restored and purged as one asset with its fuel and distance meters, which the Data
 * Sources tab leaves out (data-portal.md 2.9). Today is 21 November 2026.
 */
let t: TestApp;
let root = '';
let editor = '';
let editorName = '';
let siteId = 0;
let orgId = 0;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  await seedCatalogue(t.db);
  const org = await createOrganisation(t.db, { name: 'Deleted By Org' });
  orgId = org.id;
  siteId = (await createSite(t.db, org.id, { name: 'Yard', siteOpen: '2010-01-01' })).id;
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  const user = await createMember(t.db, org.id, { loginId: 'deleter', accessId: 2 });
  editorName = `${user.firstName} ${user.surname}`;
  [root, editor] = await Promise.all([t.login('root'), t.login('deleter')]);
});
afterAll(() => t.close());

async function newVehicle(registration: string) {
  const res = await call(editor, 'POST', `/sites/${siteId}/new-vehicles`, {
    purchaseDate: '2026-01-01',
    reporting: 'ORGANISATION',
    list: [
      {
        registration,
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
  expect(res.statusCode).toBe(200);
  const id: number = res.json().data.newVehicleList[0].id;
  const v = (await call(editor, 'GET', `/vehicles/${id}`)).json();
  return { id, meterIds: [v.consMeter as number, v.distanceMeter as number] };
}

describe('Deleted by', () => {
  it('names who deleted a data source, from the history', async () => {
    const meter = await createMeter(
      t.db,
      { id: siteId, organisationId: orgId },
      { localName: 'Old pump supply' },
    );
    const res = await call(editor, 'PUT', '/meters/bulk-action', {
      action: 'delete-and-omit',
      ids: [meter.id],
    });
    expect(res.statusCode).toBe(200);
    const listed = (await call(root, 'GET', '/admin/deleted-assets/data-sources')).json();
    expect(listed.items.find((i: { id: number }) => i.id === meter.id)).toMatchObject({
      name: 'Old pump supply',
      site: 'Yard',
      deletedBy: editorName,
    });
  });
});

describe('deleted vehicles', () => {
  it('lists a deleted vehicle with who deleted it, and not its meters among data sources', async () => {
    const { id, meterIds } = await newVehicle('GONE1');
    expect((await call(editor, 'DELETE', `/vehicles/${id}`)).statusCode).toBe(200);
    const listed = (await call(root, 'GET', '/admin/deleted-assets/vehicles')).json();
    expect(listed.items).toEqual([
      expect.objectContaining({ id, name: 'GONE1', site: 'Yard', deletedBy: editorName }),
    ]);
    const sources = (await call(root, 'GET', '/admin/deleted-assets/data-sources')).json();
    expect(sources.items.map((i: { id: number }) => i.id)).not.toEqual(expect.arrayContaining([meterIds[0]]));
    expect(sources.items.map((i: { id: number }) => i.id)).not.toEqual(expect.arrayContaining([meterIds[1]]));
  });

  it('restores a vehicle with its two meters', async () => {
    const { id, meterIds } = await newVehicle('BACK1');
    await call(editor, 'DELETE', `/vehicles/${id}`);
    const res = await call(root, 'PUT', `/admin/deleted-assets/vehicles/restore/${id}`);
    expect(res.json()).toEqual({ success: true, message: 'BACK1 restored' });
    expect((await call(editor, 'GET', `/vehicles/${id}`)).statusCode).toBe(200);
    const rows = await t.db.select().from(meters).where(inArray(meters.id, meterIds));
    expect(rows.map((m) => m.deletedAt)).toEqual([null, null]);
  });

  it('purges a vehicle with its two meters, and refuses an editor', async () => {
    const { id, meterIds } = await newVehicle('PURGE1');
    await call(editor, 'DELETE', `/vehicles/${id}`);
    expect((await call(editor, 'DELETE', `/admin/deleted-assets/vehicles/purge/${id}`)).statusCode).toBe(403);
    const res = await call(root, 'DELETE', `/admin/deleted-assets/vehicles/purge/${id}`);
    expect(res.json()).toEqual({ success: true, message: 'PURGE1 purged' });
    expect(await t.db.select().from(vehicles).where(eq(vehicles.id, id))).toEqual([]);
    expect(await t.db.select().from(meters).where(inArray(meters.id, meterIds))).toEqual([]);
  });
});
