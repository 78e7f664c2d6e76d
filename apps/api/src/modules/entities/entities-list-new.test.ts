import { createSite } from '@verdant/db/asset-factories';
import { facilities } from '@verdant/db/schema/assets';
import { entityPumps, entityWastewaterPlants } from '@verdant/db/schema/organisation';
import { MSG } from '@verdant/domain/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, entityCount, ids, org, pump, t, useFixture } from './entities.fixture';

useFixture();

describe('entities table', () => {
  it('lists open entities with facility, site and type, consumption null, 100 a page', async () => {
    const res = await call('watcher', 'GET', `/organisations/${org.id}/entities`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mayEdit).toBe(false);
    expect(body.entities.map((e: { name: string }) => e.name)).toEqual(['Library', 'Works']);
    expect(body.entities[0]).toMatchObject({
      siteName: 'Office',
      type: 'STANDARD',
      consumption: null,
      closed: false,
    });
  });

  it('filters by name, closed state and type, and sorts', async () => {
    const names = async (query: string) =>
      (await call('boss', 'GET', `/organisations/${org.id}/entities?${query}`))
        .json()
        .entities.map((e: { name: string }) => e.name);
    expect(await names('includeClosed=true')).toEqual(['Library', 'Old Annex', 'Works']);
    expect(await names('includeClosed=true&hideOpen=true')).toEqual(['Old Annex']);
    expect(await names('q=lib')).toEqual(['Library']);
    expect(await names('types=WWTP,PUMP')).toEqual(['Works']);
    expect(await names('sort=site&dir=desc')).toEqual(['Works', 'Library']);
    const paged = (await call('boss', 'GET', `/organisations/${org.id}/entities?limit=1&offset=1`)).json();
    expect(paged).toMatchObject({ total: 2, entities: [{ name: 'Works' }] });
  });

  it('hides entities an advanced right bars, in rows and total', async () => {
    const body = (await call('narrow', 'GET', `/organisations/${org.id}/entities`)).json();
    expect(body).toMatchObject({ total: 1, entities: [{ name: 'Works' }] });
    expect((await call('narrow', 'GET', `/entities/${ids.library}`)).statusCode).toBe(404);
  });

  it("refuses another organisation's list and entity, revealing nothing", async () => {
    const list = await call('outsider', 'GET', `/organisations/${org.id}/entities`);
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain('Library');
    const one = await call('outsider', 'GET', `/entities/${ids.library}`);
    expect(one.statusCode).toBe(404);
    expect(one.body).not.toContain('Library');
    expect((await call('boss', 'GET', `/entities/${ids.foreign}`)).statusCode).toBe(404);
    expect((await call('outsider', 'GET', `/sites/${ids.plant}/facilities`)).statusCode).toBe(404);
  });
});

describe('new entity', () => {
  it('creates a pump with its meters and creates the facility when absent', async () => {
    const res = await call('general', 'POST', `/organisations/${org.id}/new-entity`, pump());
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      entityName: 'Intake Pump 1',
      type: 'PUMP',
      facilityName: 'Intake',
      siteName: 'Pump Station',
    });
    const [row] = await t.db.select().from(entityPumps).where(eq(entityPumps.entityId, data.id));
    expect(row).toMatchObject({ headMetres: 42, powerMeterId: ids.power, flowMeterId: ids.flow });
    const again = await call(
      'general',
      'POST',
      `/organisations/${org.id}/new-entity`,
      pump({ name: 'Pump 2', facility: 'intake' }),
    );
    expect(again.json().data.facilityName).toBe('Intake');
    const named = await t.db
      .select()
      .from(facilities)
      .where(eq(facilities.siteId, ids.plant ?? 0));
    expect(named).toHaveLength(1);
    const list = (await call('general', 'GET', `/sites/${ids.plant}/facilities`)).json();
    expect(list).toEqual([{ id: named[0]?.id, name: 'Intake' }]);
  });

  it('creates a standard entity, requiring its function', async () => {
    const body = {
      name: 'Reading Room',
      siteId: ids.office,
      type: 'STANDARD',
      facility: 'Main',
      buildsegId: 5,
    };
    const refused = await call('boss', 'POST', `/organisations/${org.id}/new-entity`, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Function is required for a standard entity');
    const ok = await call('boss', 'POST', `/organisations/${org.id}/new-entity`, { ...body, entdescId: 1 });
    expect(ok.json().data).toMatchObject({ type: 'STANDARD', entdescId: 1, buildsegId: 5 });
  });

  it('creates a wastewater treatment plant with its empty details row', async () => {
    const body = { name: 'North Works', siteId: ids.plant, type: 'WWTP', facility: 'Works', buildsegId: 4 };
    const res = await call('boss', 'POST', `/organisations/${org.id}/new-entity`, body);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ type: 'WWTP', entityName: 'North Works' });
    const rows = await t.db
      .select()
      .from(entityWastewaterPlants)
      .where(eq(entityWastewaterPlants.entityId, data.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ name: '' }, 'Entity name is required'],
    [{ siteId: null }, 'Site is required'],
    [{ type: null }, 'Type is required'],
    [{ facility: '  ' }, 'Facility is required'],
    [{ buildsegId: null }, 'Occupancy is required'],
    [{ head: '4.5' }, 'Pump head must be digits only'],
    [{ head: '-3' }, 'Pump head must be digits only'],
    [{ powerMeterId: null }, 'A power meter is required'],
    [{ flowMeterId: null }, 'A flow meter is required'],
    [{ powerMeterId: 'flow' }, 'The power meter must be an electricity meter at the entity’s site'],
    [{ flowMeterId: 'power' }, 'The flow meter must be a water meter at the entity’s site'],
    [{ siteId: 'office' }, 'There are no flow (water) meters at Office so a pump cannot be created'],
    [
      { siteId: 'dry', powerMeterId: 'dryPower' },
      'There are no flow (water) meters at Dry Site so a pump cannot be created',
    ],
  ])('refuses %j with its message and changes nothing', async (over, message) => {
    const resolved = Object.fromEntries(
      Object.entries(over).map(([k, v]) => [
        k,
        typeof v === 'string' && k !== 'name' && k !== 'head' && k !== 'facility' ? ids[v] : v,
      ]),
    );
    const before = await entityCount();
    const res = await call('boss', 'POST', `/organisations/${org.id}/new-entity`, pump(resolved));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await entityCount()).toBe(before);
  });

  it('refuses a pump at a site with no power meter, in the spec words', async () => {
    const bare = await createSite(t.db, org.id, { name: 'Empty Reserve' });
    const res = await call('boss', 'POST', `/organisations/${org.id}/new-entity`, pump({ siteId: bare.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.pumpNoPowerMeters.replace('{site}', 'Empty Reserve'));
    expect(res.json().message).toBe(
      'There are no power (electricity) meters at Empty Reserve so a pump cannot be created',
    );
    const meters = (await call('boss', 'GET', `/sites/${ids.office}/pump-meters`)).json();
    expect(meters).toMatchObject({ site: 'Office', power: [{ name: 'Office Power' }], flow: [] });
  });

  it('is refused to an observer and to another organisation', async () => {
    const before = await entityCount();
    expect((await call('watcher', 'POST', `/organisations/${org.id}/new-entity`, pump())).statusCode).toBe(
      403,
    );
    expect((await call('outsider', 'POST', `/organisations/${org.id}/new-entity`, pump())).statusCode).toBe(
      403,
    );
    expect(await entityCount()).toBe(before);
  });
});
