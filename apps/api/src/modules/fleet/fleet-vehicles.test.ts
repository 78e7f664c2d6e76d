import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addVehicles, call, count, ids, row, t, useFixture } from './fleet.fixture';

/*
 * New vehicles (data-portal 2.6): a batch of two, the registration look-up, a refused batch that writes
 * nothing, and who may not add one. The world is ./fleet.fixture.ts.
 */

useFixture();

describe('new vehicles', () => {
  it('creates a batch, each with a fuel meter and a distance meter, uppercased and rounded', async () => {
    const res = await addVehicles();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('2 vehicles created');
    expect(body.data.newVehicleList.map((v: { registration: string }) => v.registration)).toEqual([
      'ABC123',
      'EVA1',
    ]);
    ids.diesel = body.data.newVehicleList[0].id;
    ids.ev = body.data.newVehicleList[1].id;
    const v = (await call('observer', 'GET', `/vehicles/${ids.diesel}`)).json();
    expect(v).toMatchObject({
      registration: 'ABC123',
      engineSize: 2.755,
      desiredEff: 8.46,
      fuel: 'Diesel',
      mayEdit: false,
    });
    ids.fuelMeter = v.consMeter;
    ids.distanceMeter = v.distanceMeter;
    const meters = await t.db.execute<{ meter_type: number; energy_id: number; unit: string }>(sql`
      select m.meter_type, m.energy_id, u.name as unit from meters m join units u on u.id = m.unit_id
      where m.id in (${v.consMeter}, ${v.distanceMeter}) order by m.id`);
    expect(meters.rows).toEqual([
      { meter_type: 7, energy_id: 4, unit: 'litres' },
      { meter_type: 8, energy_id: 116, unit: 'km' },
    ]);
    expect((await call('editor', 'GET', `/vehicle-by-meter/${v.distanceMeter}`)).json()).toEqual({
      id: ids.diesel,
      type: 'vehicle',
    });
  });

  it('looks a registration up: existing, new, or odd', async () => {
    expect(
      (await call('editor', 'GET', '/vehicles/lookup/abc123?purchaseDate=2026-02-01')).json(),
    ).toMatchObject({
      exists: true,
      message: 'ABC123 already exists in Verdant so cannot be added',
    });
    expect((await call('editor', 'GET', '/vehicles/lookup/NEW1')).json()).toMatchObject({
      exists: false,
      valid: true,
    });
    expect((await call('editor', 'GET', '/vehicles/lookup/AB%2312')).json()).toMatchObject({ valid: false });
    expect((await call('observer', 'GET', '/vehicles/lookup/NEW1')).statusCode).toBe(403);
  });

  it('refuses a batch with an existing, repeated or odd registration, or a year like 19999, writing nothing', async () => {
    const before = [await count('vehicles'), await count('meters')];
    const res = await call('editor', 'POST', `/sites/${ids.depot}/new-vehicles`, {
      purchaseDate: '2026-02-01',
      reporting: 'ORGANISATION',
      list: [
        row('NEW1'),
        row('ABC123'),
        row('new1'),
        row('BAD-1'),
        row('NEW2', { year: 19999, engineSize: null }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      'list.1.registration': ['ABC123 already exists in Verdant so cannot be added'],
      'list.2.registration': ['NEW1 is entered more than once'],
      'list.3.registration': ['A registration may contain only letters and digits (at most 8)'],
      'list.4.year': ['Year must be a whole number between 1900 and next year'],
      'list.4.engineSize': ['Enter a number'],
    });
    expect([await count('vehicles'), await count('meters')]).toEqual(before);
  });

  it("refuses another organisation's administrator and a read-only user", async () => {
    const payload = { purchaseDate: '2026-02-01', reporting: 'ORGANISATION', list: [row('ZZZ1')] };
    expect((await call('outsider', 'POST', `/sites/${ids.depot}/new-vehicles`, payload)).statusCode).toBe(
      404,
    );
    expect((await call('observer', 'POST', `/sites/${ids.depot}/new-vehicles`, payload)).statusCode).toBe(
      403,
    );
    for (const url of [
      `/vehicles/${ids.diesel}`,
      `/vehicles/${ids.diesel}/purchases`,
      `/vehicles/${ids.diesel}/monthly-data`,
    ]) {
      const res = await call('outsider', 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('ABC123');
    }
  });
});
