import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addVehicles, call, ids, org, t, useFixture } from './fleet.fixture';

/*
 * Fuel cards (a card meter, a purchase of the wrong fuel) and an EV fuelled by kWh, over the two vehicles of
 * ./fleet.fixture.ts (addVehicles). Today is 15/05/2026.
 */

useFixture();
beforeAll(async () => {
  await addVehicles();
});

describe('fuel cards', () => {
  it('checks names, creates an uppercased card, refuses a duplicate', async () => {
    expect(
      (await call('editor', 'GET', `/organisations/${org.id}/card-meter-name-check?name=z%20card`)).json(),
    ).toEqual({
      exists: false,
      message: null,
    });
    const res = await call('editor', 'POST', `/organisations/${org.id}/new-card-meters`, {
      name: 'z card',
      siteId: ids.depot,
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Card meter Z CARD created', name: 'Z CARD' });
    ids.card = res.json().id;
    expect(
      (await call('editor', 'GET', `/organisations/${org.id}/card-meter-name-check?name=Z%20Card`)).json(),
    ).toEqual({
      exists: true,
      message: 'A card with that name already exists',
    });
    const again = await call('editor', 'POST', `/organisations/${org.id}/new-card-meters`, {
      name: 'Z Card',
      siteId: ids.depot,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('A card with that name already exists');
    const noSite = await call('editor', 'POST', `/organisations/${org.id}/new-card-meters`, {
      name: 'Y',
      siteId: null,
    });
    expect(noSite.json().message).toBe('Choose a site');
    expect(
      (
        await call('observer', 'POST', `/organisations/${org.id}/new-card-meters`, {
          name: 'Q',
          siteId: ids.depot,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('outsider', 'POST', `/organisations/${org.id}/new-card-meters`, {
          name: 'Q',
          siteId: ids.depot,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('flags a card purchase of the wrong fuel; it shows on the vehicle and cannot be changed there', async () => {
    // On the card's open date (it opened today): purchases before it are kept but not counted
    // (docs/domain.md, Which input counts).
    const res = await call('editor', 'POST', `/fuelcards/${ids.card}/purchases`, {
      date: '2026-05-15',
      odo: null,
      quantity: 30,
      cost: 80,
      registration: 'abc123',
    });
    expect(res.json().data).toMatchObject({ incorrectFuel: true, registration: 'ABC123', fuel: 'Petrol' });
    const card = (await call('observer', 'GET', `/fuelcards/${ids.card}?incorrectOnly=true`)).json();
    expect(card.purchases).toHaveLength(1);
    expect(card.monthly.find((m: { month: string }) => m.month === '2026-05')).toMatchObject({
      litres: 30,
      cost: 80,
    });
    const list = (await call('editor', 'GET', `/vehicles/${ids.diesel}/purchases`)).json().purchases;
    const wrong = list.find((p: { incorrectFuel: boolean }) => p.incorrectFuel);
    expect(wrong).toMatchObject({ fuel: 'Petrol', quantity: 30 });
    expect((await call('outsider', 'GET', `/fuelcards/${ids.card}`)).statusCode).toBe(404);
  });
});

describe('an EV by kWh', () => {
  it('counts an EV by kWh as electricity (scope 2)', async () => {
    const res = await call('editor', 'POST', `/vehicles/${ids.ev}/purchases`, {
      date: '2026-03-10',
      odo: 500,
      quantity: 100,
      cost: 30,
    });
    expect(res.statusCode).toBe(200);
    const v = (await call('editor', 'GET', `/vehicles/${ids.ev}`)).json();
    const [f] = (
      await t.db.execute<{ q: number; s1: number; s2: number }>(sql`
      select quantity_std as q, co2e_scope1 as s1, co2e_scope2_location as s2 from monthly_facts
      where meter_id = ${v.consMeter} and month = '2026-03-01'`)
    ).rows;
    expect(f).toMatchObject({ q: 100, s1: 0 });
    expect(f?.s2).toBeGreaterThan(0);
  });
});
