import { sumFacts } from '@verdant/db/ledger/read-model';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addVehicles, call, clock, count, ids, org, t, useFixture } from './fleet.fixture';

/*
 * Fuel purchases, the ledger and the Vehicle Log, then the fleet table, vehicle details and exports, built on
 * one another test by test over the two vehicles of ./fleet.fixture.ts (addVehicles).
 * Fleet Org has Depot; Other Org has Their Site. Today is 15/05/2026. The catalogue is the real one: petrol 5,
 * diesel 4 (litres at 37.3 MJ = 10.3611 kWh), EV by kWh 14, distance 116 (km, unit 35).
 * The hand-computed vehicle (same as packages/domain/src/vehicles.test.ts):
 *   25/02 10000 km 40 L $100; 05/03 10400 30 L $75; 20/03 10300 (lower: flagged) 10 L $25;
 *   25/03 11000 40 L $110; 04/04 11300 20 L $50.
 *   March: 80 L, 1030 km, 31 days, $210 -> 7.77 L/100km, 2.58 L/day, 33.23 km/day, $6.77/day.
 */

useFixture();
beforeAll(async () => {
  await addVehicles();
});

describe('fuel purchases, the ledger and the Vehicle Log', () => {
  const purchases = [
    { date: '2026-02-25', time: '08:00', odo: 10000, quantity: 40, cost: 100 },
    { date: '2026-03-05', time: '17:30', odo: 10400, quantity: 30, cost: 75 },
    { date: '2026-03-20', time: '', odo: 10300, quantity: 10, cost: 25 },
    { date: '2026-03-25', time: null, odo: 11000, quantity: 40, cost: 110 },
    { date: '2026-04-04', odo: 11300, quantity: 20, cost: 50 },
  ];

  it('adds purchases, warning of an odometer lower than the previous reading', async () => {
    for (const p of purchases) {
      const res = await call('editor', 'POST', `/vehicles/${ids.diesel}/purchases`, p);
      expect(res.statusCode).toBe(200);
      expect(res.json().warning).toBe(
        p.odo === 10300
          ? 'The odometer is lower than the previous reading: the purchase is saved but left out of distance and efficiency'
          : null,
      );
    }
    const list = (await call('observer', 'GET', `/vehicles/${ids.diesel}/purchases`)).json();
    expect(list.purchases).toHaveLength(5);
    expect(list.purchases[0]).toMatchObject({
      date: '2026-04-04',
      odo: 11300,
      perLitre: 2.5,
      odometerFlag: false,
    });
    expect(list.purchases.find((p: { odo: number }) => p.odo === 10300).odometerFlag).toBe(true);
  });

  it('computes the hand-checked March and the efficiency series', async () => {
    const res = await call(
      'observer',
      'GET',
      `/vehicles/${ids.diesel}/monthly-data?from=2026-02-01&till=2026-04-30`,
    );
    const body = res.json();
    expect(body.months[1]).toEqual({
      label: '2026-03',
      litres: 80,
      distance: 1030,
      days: 31,
      cost: 210,
      litresPer100km: 7.77,
      litresPerDay: 2.58,
      kmPerDay: 33.23,
      costPerDay: 6.77,
    });
    expect(body.efficiency.map((p: { efficiency: number }) => p.efficiency)).toEqual([7.5, 6.67, 6.67]);
    expect(body.desiredEfficiency).toBe(8.46);
  });

  it('feeds the ledger: litres to kWh with scope 1, odometer km on the distance meter', async () => {
    const facts = await t.db.execute<{
      meter_id: number;
      month: string;
      q: number;
      s1: number;
      s3: number;
    }>(sql`
      select meter_id, month::text, quantity_std as q, co2e_scope1 as s1, co2e_scope3 as s3 from monthly_facts
      where meter_id in (${ids.fuelMeter}, ${ids.distanceMeter}) and month = '2026-03-01' order by meter_id`);
    const [fuel, distance] = facts.rows;
    // 80 L x 37.3 / 3.6 kWh per litre = 828.89 kWh.
    expect(fuel?.q).toBeCloseTo((80 * 37.3) / 3.6, 3);
    expect(fuel?.s1).toBeGreaterThan(0);
    expect(distance?.q).toBeCloseTo(1030, 6);
  });

  it('refuses a future purchase, missing fields, and a bad time, writing nothing', async () => {
    const before = await count('fuel_purchases');
    const future = await call('editor', 'POST', `/vehicles/${ids.diesel}/purchases`, {
      date: '2026-05-16',
      odo: 12000,
      quantity: 10,
      cost: 20,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('A purchase cannot be in the future');
    const bad = await call('editor', 'POST', `/vehicles/${ids.diesel}/purchases`, {
      date: '2026-05-01',
      time: '7:6',
      odo: 12000,
      quantity: 0,
      cost: 20,
    });
    expect(bad.statusCode).toBe(400);
    expect(await count('fuel_purchases')).toBe(before);
    expect(
      (await call('observer', 'POST', `/vehicles/${ids.diesel}/purchases`, purchases[0])).statusCode,
    ).toBe(403);
    expect(
      (await call('outsider', 'POST', `/vehicles/${ids.diesel}/purchases`, purchases[0])).statusCode,
    ).toBe(404);
  });

  it('keeps a time past midnight (hours up to 29) as entered, and a one-digit hour as HH:MM', async () => {
    const late = await call('editor', 'POST', `/vehicles/${ids.diesel}/purchases`, {
      date: '2026-04-10',
      time: '25:30',
      odo: 11400,
      quantity: 5,
      cost: 12.5,
    });
    expect(late.statusCode).toBe(200);
    expect(late.json().data.time).toBe('25:30');
    const early = await call(
      'editor',
      'PUT',
      `/vehicles/${ids.diesel}/purchases/${late.json().data.readingId}`,
      {
        date: '2026-04-10',
        time: '7:05',
        odo: 11400,
        quantity: 5,
        cost: 12.5,
      },
    );
    expect(early.statusCode).toBe(200);
    expect(early.json().data.time).toBe('07:05');
    const list = (await call('observer', 'GET', `/vehicles/${ids.diesel}/purchases`)).json().purchases;
    expect(list.find((p: { odo: number }) => p.odo === 11400).time).toBe('07:05');
    const gone = await call(
      'editor',
      'DELETE',
      `/vehicles/${ids.diesel}/purchases/${late.json().data.readingId}`,
    );
    expect(gone.statusCode).toBe(200);
  });

  it('edits and deletes a purchase, and the analytics follow', async () => {
    const list = (await call('editor', 'GET', `/vehicles/${ids.diesel}/purchases`)).json().purchases;
    const flagged = list.find((p: { odo: number }) => p.odo === 10300);
    const edit = await call('editor', 'PUT', `/vehicles/${ids.diesel}/purchases/${flagged.readingId}`, {
      date: '2026-03-20',
      odo: 10700,
      quantity: 10,
      cost: 25,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.odometerFlag).toBe(false);
    let march = (
      await call('editor', 'GET', `/vehicles/${ids.diesel}/monthly-data?from=2026-03-01&till=2026-03-31`)
    ).json().months[0];
    expect(march.distance).toBe(1030);
    const del = await call('editor', 'DELETE', `/vehicles/${ids.diesel}/purchases/${flagged.readingId}`);
    expect(del.statusCode).toBe(200);
    march = (
      await call('editor', 'GET', `/vehicles/${ids.diesel}/monthly-data?from=2026-03-01&till=2026-03-31`)
    ).json().months[0];
    expect(march.litres).toBe(70);
    expect(
      (await call('outsider', 'DELETE', `/vehicles/${ids.diesel}/purchases/${flagged.readingId}`)).statusCode,
    ).toBe(404);
  });
});

describe('fleet table, vehicle details and exports', () => {
  it('lists the fleet with km and kWh', async () => {
    const res = await call('observer', 'GET', `/organisations/${org.id}/fleet`);
    const rows = res.json().rows;
    expect(rows.map((r: { registration: string }) => r.registration)).toEqual(['ABC123', 'EVA1']);
    expect(rows[0]).toMatchObject({
      makeModel: 'Toyota Hilux',
      fuel: 'Diesel',
      memberOf: 'Depot',
      closed: false,
    });
    expect(rows[0].consumption[0]).toBe(1300);
    expect((await call('outsider', 'GET', `/organisations/${org.id}/fleet`)).statusCode).toBe(403);
  });

  it("takes km and kWh from the read model, with the fuel meter's reporting flags", async () => {
    const fleetRow = async () =>
      (await call('observer', 'GET', `/organisations/${org.id}/fleet`))
        .json()
        .rows.find((r: { registration: string }) => r.registration === 'ABC123');
    const window = { organisationId: org.id, from: '2025-06-01', till: '2026-05-01' };
    const [fuel] = await sumFacts(t.db, { ...window, by: [], visible: [ids.fuelMeter as number] });
    const stored = await t.db.execute<{ kwh: number }>(sql`select sum(quantity_std)::float8 as kwh
      from monthly_facts where meter_id = ${ids.fuelMeter} and month between '2025-06-01' and '2026-05-01'`);
    expect(fuel?.cons).toBeGreaterThan(828);
    expect(fuel?.cons).toBeCloseTo(stored.rows[0]?.kwh ?? -1, 6);
    expect((await fleetRow()).consumption[1]).toBe(Math.round(fuel?.cons ?? -1));
    // A fuel meter left out of the reports counts no consumption anywhere, the fleet included; km stay.
    await t.db.execute(sql`update meters set reporting = 0 where id = ${ids.fuelMeter}`);
    await recomputeFacts(t.db, [ids.fuelMeter as number], clock());
    try {
      const [none] = await sumFacts(t.db, { ...window, by: [], visible: [ids.fuelMeter as number] });
      expect(none?.cons ?? 0).toBe(0);
      expect((await fleetRow()).consumption).toEqual([1300, 0]);
    } finally {
      await t.db.execute(sql`update meters set reporting = 1 where id = ${ids.fuelMeter}`);
      await recomputeFacts(t.db, [ids.fuelMeter as number], clock());
    }
  });

  it('saves details, refuses a sale before purchase, and a sold vehicle shows closed', async () => {
    const bad = await call('editor', 'PUT', `/vehicle/${ids.ev}`, { saleDate: '2020-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The sale date cannot be before the purchase date');
    const ok = await call('editor', 'PUT', `/vehicle/${ids.ev}`, {
      saleDate: '2026-05-01',
      fleetNumber: 'F7',
    });
    expect(ok.json()).toMatchObject({ saleDate: '2026-05-01', fleetNumber: 'F7', closed: true });
    expect((await call('observer', 'PUT', `/vehicle/${ids.ev}`, { fleetNumber: 'X' })).statusCode).toBe(403);
    expect((await call('outsider', 'PUT', `/vehicle/${ids.ev}`, { fleetNumber: 'X' })).statusCode).toBe(404);
    const cleared = await call('editor', 'PUT', `/vehicle/${ids.ev}`, { saleDate: null });
    expect(cleared.json().closed).toBe(false);
  });

  it('exports transactions by month, totals matching the purchases', async () => {
    const res = await call('observer', 'POST', `/organisations/${org.id}/fleet-transaction-export`, {
      assets: [ids.diesel],
      data: ['L', '$', 'km'],
      ranges: [{ aggregation: 'month', start: '2026-02', end: '2026-04' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Registration,Aggregation,Date,Time,Odometer,Cost ($),Fuel (L),Distance (km)');
    // The 10 L purchase was deleted: Feb 40 L $100; Mar 30 + 40 = 70 L $185 (400 + 600 km); Apr 20 L $50 300 km.
    expect(lines.slice(1)).toEqual([
      'ABC123,month,2026-02,,,100,40,0',
      'ABC123,month,2026-03,,,185,70,1000',
      'ABC123,month,2026-04,,,50,20,300',
    ]);
  });

  it('exports vehicle data per month from the ledger', async () => {
    const res = await call('observer', 'POST', `/organisations/${org.id}/fleet-data-export`, {
      assets: [ids.diesel],
      data: ['L', 'km'],
      ranges: [{ aggregation: 'total', start: '2026-02', end: '2026-04' }],
    });
    expect(res.body.trim().split('\n')).toEqual([
      'Registration,Aggregation,Period,Fuel (L),Distance (km)',
      'ABC123,total,2026-02 to 2026-04,130,1300',
    ]);
    // With emissions, a closing line says which figures they are (docs/decisions/factor-editions.md).
    const co2e = await call('observer', 'POST', `/organisations/${org.id}/fleet-data-export`, {
      assets: [ids.diesel],
      data: ['CO2e'],
      ranges: [{ aggregation: 'total', start: '2026-02', end: '2026-04' }],
    });
    expect(co2e.body.trim().split('\n').at(-1)).toMatch(
      /^Restated: emissions as they stand; .* Factors: .+\.,,,$/,
    );
    const refused = await call('outsider', 'POST', `/organisations/${org.id}/fleet-data-export`, {
      assets: [ids.diesel],
      data: ['L'],
      ranges: [{ aggregation: 'total', start: '2026-02', end: '2026-04' }],
    });
    expect(refused.statusCode).toBe(403);
    const incomplete = await call('observer', 'POST', `/organisations/${org.id}/fleet-data-export`, {
      assets: [ids.diesel],
      data: [],
      ranges: [{ aggregation: 'total', start: '', end: '2026-04' }],
    });
    expect(incomplete.statusCode).toBe(400);
  });

  it('deletes a vehicle: gone from the fleet, its meters archived', async () => {
    expect((await call('observer', 'DELETE', `/vehicles/${ids.ev}`)).statusCode).toBe(403);
    const res = await call('editor', 'DELETE', `/vehicles/${ids.ev}`);
    expect(res.json()).toEqual({ success: true, message: 'EVA1 deleted' });
    expect((await call('editor', 'GET', `/vehicles/${ids.ev}`)).statusCode).toBe(404);
    const rows = (await call('editor', 'GET', `/organisations/${org.id}/fleet`)).json().rows;
    expect(rows.map((r: { registration: string }) => r.registration)).toEqual(['ABC123']);
  });
});
