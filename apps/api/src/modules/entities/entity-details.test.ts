import { createEntity, createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { entityUsages } from '@verdant/db/schema/organisation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const RULE = 'Entity usage: integer for indicators and EUI targets, number for utilisation fields';

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.db);
  org = await createOrganisation(t.db, { name: 'Details Org' });
  const other = await createOrganisation(t.db, { name: 'Elsewhere' });
  for (const [key, o, orgId] of [
    ['boss', { accessId: 2, admin: true }, org.id],
    ['watcher', { accessId: 4 }, org.id],
    ['outsider', { accessId: 2, admin: true }, other.id],
  ] as const) {
    ids[key] = (await createMember(t.db, orgId, { loginId: `det-${key}`, ...o })).id;
  }
  const electricity = await createDataType(t.db, { name: 'Grid', grouping: 'Electricity' });
  const water = await createDataType(t.db, { name: 'Potable', grouping: 'Water', stdUnit: 'm3' });
  const site = await createSite(t.db, org.id, { name: 'Treatment' });
  ids.site = site.id;
  ids.power = (await createMeter(t.db, site, { localName: 'Power A', energyId: electricity.id })).id;
  ids.power2 = (await createMeter(t.db, site, { localName: 'Power B', energyId: electricity.id })).id;
  ids.flow = (await createMeter(t.db, site, { localName: 'Flow', energyId: water.id })).id;
  ids.pump = (await createEntity(t.db, site, { name: 'Lift Pump', entityType: 'PUMP', buildsegId: 4 })).id;
  ids.building = (await createEntity(t.db, site, { name: 'Lab', buildsegId: 1, entdescId: 1 })).id;
  ids.works = (await createEntity(t.db, site, { name: 'Works', entityType: 'WWTP', buildsegId: 4 })).id;
  for (const k of ['boss', 'watcher', 'outsider']) tokens[k] = await t.login(`det-${k}`);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });

describe('pump details', () => {
  it('saves head and meters, with the same rules as the wizard', async () => {
    const saved = await call('boss', 'PUT', `/entities/${ids.pump}/pump`, {
      head: '15',
      powerMeterId: ids.power2,
      flowMeterId: ids.flow,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ head: 15, powerMeterId: ids.power2, flowMeterId: ids.flow });
    const bad = await call('boss', 'PUT', `/entities/${ids.pump}/pump`, { head: '1e3' });
    expect(bad.json().message).toBe('Pump head must be digits only');
    const wrong = await call('boss', 'PUT', `/entities/${ids.pump}/pump`, { flowMeterId: ids.power });
    expect(wrong.json().message).toBe('The flow meter must be a water meter at the entity’s site');
    expect((await call('watcher', 'GET', `/entities/${ids.pump}/pump`)).json()).toEqual({
      head: 15,
      powerMeterId: ids.power2,
      flowMeterId: ids.flow,
    });
  });

  it('is only for pumps, read-only for an observer, hidden from another organisation', async () => {
    expect((await call('boss', 'GET', `/entities/${ids.building}/pump`)).statusCode).toBe(404);
    expect((await call('watcher', 'PUT', `/entities/${ids.pump}/pump`, { head: '3' })).statusCode).toBe(403);
    const foreign = await call('outsider', 'GET', `/entities/${ids.pump}/pump`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Power');
  });
});

describe('usage and indicators', () => {
  it('starts empty, lists the entity indicators, and saves integers and numbers', async () => {
    const first = (await call('watcher', 'GET', `/entities/${ids.building}/usages`)).json();
    expect(first.usage.designEui).toBeNull();
    expect(first.indicators.map((i: { label: string }) => i.label)).toContain('Pool water volume');
    expect(first.indicators.every((i: { value: null }) => i.value === null)).toBe(true);
    expect(
      (await call('boss', 'PUT', `/entities/${ids.building}/usages/designEui`, { value: '120' })).json(),
    ).toEqual({
      field: 'designEui',
      value: 120,
    });
    await call('boss', 'PUT', `/entities/${ids.building}/usages/lowTemp`, { value: '18.5' });
    await call('boss', 'PUT', `/entities/${ids.building}/usages/entusageId`, { value: 2 });
    await call('boss', 'PUT', `/entities/${ids.building}/indicators/1`, { value: '1250' });
    const after = (await call('boss', 'GET', `/entities/${ids.building}/usages`)).json();
    expect(after.usage).toMatchObject({ designEui: 120, lowTemp: 18.5, entusageId: 2 });
    expect(after.indicators.find((i: { indicatorId: number }) => i.indicatorId === 1)).toMatchObject({
      value: 1250,
      unit: 'm2',
    });
    await call('boss', 'PUT', `/entities/${ids.building}/usages/lowTemp`, { value: '' });
    expect((await call('boss', 'GET', `/entities/${ids.building}/usages`)).json().usage.lowTemp).toBeNull();
  });

  it.each([
    ['usages/designEui', '12.5'],
    ['usages/commissionedEui', 'abc'],
    ['usages/interventionEui', 3.2],
    ['usages/airChanges', '1,5'],
    ['usages/coreHours', 'ten'],
    ['indicators/1', '10.5'],
    ['indicators/3', 'many'],
  ])('refuses %s = %j with the spec rule and stores nothing', async (path, value) => {
    const before = await t.db.select().from(entityUsages);
    const res = await call('boss', 'PUT', `/entities/${ids.building}/${path}`, { value });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RULE);
    expect(await t.db.select().from(entityUsages)).toEqual(before);
  });

  it('refuses an unknown choice, an observer and another organisation', async () => {
    const res = await call('boss', 'PUT', `/entities/${ids.building}/usages/heatId`, { value: 999 });
    expect(res.json().message).toBe('Choose a value from the list');
    expect(
      (await call('watcher', 'PUT', `/entities/${ids.building}/usages/designEui`, { value: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await call('watcher', 'PUT', `/entities/${ids.building}/indicators/1`, { value: 1 })).statusCode,
    ).toBe(403);
    expect((await call('outsider', 'GET', `/entities/${ids.building}/usages`)).statusCode).toBe(404);
    expect(
      (await call('outsider', 'PUT', `/entities/${ids.building}/indicators/1`, { value: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('wastewater plant details', () => {
  it('saves population, capacity, treatment and influent meter', async () => {
    const res = await call('boss', 'PUT', `/entities/${ids.works}/wwtp`, {
      populationServed: '21000',
      designCapacityM3PerDay: '8500.5',
      treatmentType: 'Activated sludge',
      influentMeterId: ids.flow,
    });
    expect(res.json()).toEqual({
      populationServed: 21000,
      designCapacityM3PerDay: 8500.5,
      treatmentType: 'Activated sludge',
      influentMeterId: ids.flow,
    });
    const bad = await call('boss', 'PUT', `/entities/${ids.works}/wwtp`, { populationServed: '2.5' });
    expect(bad.json().message).toBe('Population served must be a whole number and design capacity a number');
    expect((await call('boss', 'GET', `/entities/${ids.pump}/wwtp`)).statusCode).toBe(404);
    expect(
      (await call('watcher', 'PUT', `/entities/${ids.works}/wwtp`, { treatmentType: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('outsider', 'GET', `/entities/${ids.works}/wwtp`)).statusCode).toBe(404);
  });
});
