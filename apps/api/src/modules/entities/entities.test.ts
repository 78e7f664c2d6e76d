import { createEntity, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { entities, facilities } from '@verdant/db/schema/assets';
import { entityPumps, entityWastewaterPlants } from '@verdant/db/schema/organisation';
import { MSG } from '@verdant/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.db);
  org = await createOrganisation(t.db, { name: 'Entity Org' });
  const other = await createOrganisation(t.db, { name: 'Other Entity Org' });
  for (const [key, o, orgId] of [
    ['boss', { accessId: 2, admin: true }, org.id],
    ['general', { accessId: 3 }, org.id],
    ['watcher', { accessId: 4 }, org.id],
    ['narrow', { accessId: 3 }, org.id],
    ['outsider', { accessId: 2, admin: true }, other.id],
  ] as const) {
    ids[key] = (await createMember(t.db, orgId, { loginId: `ent-${key}`, ...o })).id;
  }
  const electricity = await createDataType(t.db, { name: 'Grid electricity', grouping: 'Electricity' });
  const water = await createDataType(t.db, { name: 'Town water', grouping: 'Water', stdUnit: 'm3' });
  const plant = await createSite(t.db, org.id, { name: 'Pump Station' });
  const office = await createSite(t.db, org.id, { name: 'Office' });
  const dry = await createSite(t.db, org.id, { name: 'Dry Site' });
  ids.plant = plant.id;
  ids.office = office.id;
  ids.dry = dry.id;
  ids.power = (await createMeter(t.db, plant, { localName: 'Pump Power', energyId: electricity.id })).id;
  ids.flow = (await createMeter(t.db, plant, { localName: 'Pump Flow', energyId: water.id })).id;
  ids.officePower = (
    await createMeter(t.db, office, { localName: 'Office Power', energyId: electricity.id })
  ).id;
  ids.dryPower = (await createMeter(t.db, dry, { localName: 'Dry Power', energyId: electricity.id })).id;
  ids.library = (await createEntity(t.db, office, { name: 'Library', buildsegId: 1, entdescId: 1 })).id;
  ids.closed = (
    await createEntity(t.db, office, {
      name: 'Old Annex',
      buildsegId: 1,
      entdescId: 1,
      entityClose: '2020-01-01',
    })
  ).id;
  ids.works = (await createEntity(t.db, plant, { name: 'Works', entityType: 'WWTP', buildsegId: 4 })).id;
  ids.foreignSite = (await createSite(t.db, other.id, { name: 'Foreign' })).id;
  ids.foreign = (
    await createEntity(t.db, { id: ids.foreignSite, organisationId: other.id }, { name: 'Secret' })
  ).id;
  await grantRight(t.db, {
    userId: ids.narrow ?? 0,
    organisationId: org.id,
    assetType: 'site',
    assetId: office.id,
    rightId: -1,
  });
  for (const k of ['boss', 'general', 'watcher', 'narrow', 'outsider']) tokens[k] = await t.login(`ent-${k}`);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });

const pump = (over: object = {}) => ({
  name: 'Intake Pump 1',
  siteId: ids.plant,
  type: 'PUMP',
  facility: 'Intake',
  buildsegId: 4,
  head: '42',
  powerMeterId: ids.power,
  flowMeterId: ids.flow,
  ...over,
});

const entityCount = async () => (await t.db.select().from(entities)).length;

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

describe('entity detail', () => {
  it('answers the detail and saves fields, creating a facility named anew', async () => {
    const got = (await call('watcher', 'GET', `/entities/${ids.library}`)).json();
    expect(got).toMatchObject({
      entityName: 'Library',
      siteName: 'Office',
      mayEdit: false,
      x: null,
      y: null,
    });
    const res = await call('general', 'PUT', `/entities/${ids.library}`, {
      description: 'Two floors',
      facilityName: 'Civic Block',
      x: 174.7762,
      y: -41.2865,
      entityOpen: '2001-02-03',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'Two floors',
      facilityName: 'Civic Block',
      x: 174.7762,
      y: -41.2865,
    });
  });

  it('refuses coordinates out of range and keeps the stored ones; null clears them', async () => {
    for (const [body, message] of [
      [{ x: 180.5 }, 'Longitude must be between -180 and 180'],
      [{ x: -181 }, 'Longitude must be between -180 and 180'],
      [{ y: 90.01 }, 'Latitude must be between -90 and 90'],
      [{ x: 10, y: -91 }, 'Latitude must be between -90 and 90'],
    ] as const) {
      const res = await call('general', 'PUT', `/entities/${ids.library}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('general', 'GET', `/entities/${ids.library}`)).json()).toMatchObject({
      x: 174.7762,
      y: -41.2865,
    });
    const cleared = await call('general', 'PUT', `/entities/${ids.library}`, { x: null, y: null });
    expect(cleared.json()).toMatchObject({ x: null, y: null });
  });

  it.each([
    [{ entityName: ' ' }, 'Entity name is required'],
    [{ buildsegId: null }, 'Occupancy is required'],
    [{ entdescId: null }, 'Function is required for a standard entity'],
    [{ buildsegId: 999 }, 'Choose a value from the list'],
    [{ entityClose: '1999-01-01' }, 'Close date cannot be before the open date'],
    [{ entityOpen: '3-2001-01' }, 'Dates must be written yyyy-MM-dd'],
    [{ facilityName: '' }, 'Facility is required'],
  ])('refuses %j', async (body, message) => {
    const res = await call('general', 'PUT', `/entities/${ids.library}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('is read-only for an observer and hidden from another organisation', async () => {
    expect((await call('watcher', 'PUT', `/entities/${ids.library}`, { description: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('watcher', 'DELETE', `/entities/${ids.library}`)).statusCode).toBe(403);
    const res = await call('outsider', 'PUT', `/entities/${ids.library}`, { description: 'x' });
    expect(res.statusCode).toBe(404);
    expect((await call('general', 'GET', `/entities/${ids.library}`)).json().description).toBe('Two floors');
  });

  it('archives an entity on delete', async () => {
    const doomed = await createEntity(
      t.db,
      { id: ids.office ?? 0, organisationId: org.id },
      { name: 'Shed' },
    );
    const res = await call('general', 'DELETE', `/entities/${doomed.id}`);
    expect(res.json()).toEqual({ success: true, message: 'Shed deleted' });
    expect((await call('general', 'GET', `/entities/${doomed.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(entities).where(eq(entities.id, doomed.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.deletedBy).toBe(ids.general);
  });
});
