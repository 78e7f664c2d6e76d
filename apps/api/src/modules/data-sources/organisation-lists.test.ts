import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * GET /organisations/{id}/meters and /energies-measured (core-portal.md 7, data-portal.md 7): the
 * organisation's data sources and the data types they measure, as the caller may see them.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-25T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Lists Org' });
  const other = await createOrganisation(t.db, { name: 'Other Lists Org' });
  const power = await createDataType(t.db, { name: 'Electricity lists' });
  const water = await createDataType(t.db, { name: 'Water lists' });
  const unused = await createDataType(t.db, { name: 'Steam lists' });
  const office = await createSite(t.db, org.id, { name: 'Office' });
  const depot = await createSite(t.db, org.id, { name: 'Depot' });
  const supply = await createMeter(t.db, office, {
    localName: 'Office supply',
    energyId: power.id,
    unitId: power.stdUnitId,
  });
  const tap = await createMeter(t.db, depot, {
    localName: 'Depot water',
    energyId: water.id,
    unitId: water.stdUnitId,
  });
  const old = await createMeter(t.db, office, {
    localName: 'Old supply',
    energyId: power.id,
    unitId: power.stdUnitId,
    meterClose: '2024-06-30',
  });
  const theirs = await createSite(t.db, other.id, { name: 'Their site' });
  await createMeter(t.db, theirs, { localName: 'Their meter', energyId: water.id, unitId: water.stdUnitId });
  Object.assign(ids, {
    org: org.id,
    other: other.id,
    supply: supply.id,
    tap: tap.id,
    old: old.id,
    unused: unused.id,
  });
  await createMember(t.db, org.id, { loginId: 'l.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'l.observer', accessId: 4 });
  const barred = await createMember(t.db, org.id, { loginId: 'l.barred', accessId: 3 });
  await grantRight(t.db, {
    userId: barred.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: depot.id,
    rightId: -1,
  });
  await createMember(t.db, other.id, { loginId: 'l.outsider', accessId: 2, admin: true });
  for (const k of ['l.general', 'l.observer', 'l.barred', 'l.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

describe("the organisation's data sources", () => {
  it('lists every live data source by site then name, with what it measures and whether it is closed', async () => {
    const res = await get('l.observer', `/organisations/${ids.org}/meters`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: ids.tap,
        name: 'Depot water',
        site: 'Depot',
        energy: 'Water lists',
        closed: false,
      }),
      expect.objectContaining({ id: ids.supply, name: 'Office supply', site: 'Office', closed: false }),
      expect.objectContaining({
        id: ids.old,
        name: 'Old supply',
        closed: true,
        meterType: expect.any(Number),
      }),
    ]);
  });

  it('leaves out what an advanced right bars, and refuses another organisation without a word', async () => {
    const barred = await get('l.barred', `/organisations/${ids.org}/meters`);
    expect(barred.json().map((m: { name: string }) => m.name)).toEqual(['Office supply', 'Old supply']);
    const outsider = await get('l.outsider', `/organisations/${ids.org}/meters`);
    const unknown = await get('l.outsider', '/organisations/999999/meters');
    expect([outsider.statusCode, unknown.statusCode]).toEqual([unknown.statusCode, unknown.statusCode]);
    expect(outsider.json().message).toBe(unknown.json().message);
    expect(JSON.stringify(outsider.json())).not.toContain('Office');
  });

  it('refuses ids that are not plain positive numbers', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get('l.general', `/organisations/${bad}/meters`);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
  });
});

describe('the data types measured', () => {
  it("are those of the organisation's live data sources, not the whole catalogue", async () => {
    const res = await get('l.observer', `/organisations/${ids.org}/energies-measured`);
    expect(res.statusCode).toBe(200);
    const names = res.json().map((d: { energyDescr: string }) => d.energyDescr);
    expect(names).toEqual(expect.arrayContaining(['Electricity lists', 'Water lists']));
    expect(names).toHaveLength(2);
    expect(res.json()[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), grouping: expect.any(String), retired: false }),
    );
  });

  it('leave out what only a barred data source measures; another organisation learns nothing', async () => {
    const barred = await get('l.barred', `/organisations/${ids.org}/energies-measured`);
    expect(barred.json().map((d: { energyDescr: string }) => d.energyDescr)).toEqual(['Electricity lists']);
    const outsider = await get('l.outsider', `/organisations/${ids.org}/energies-measured`);
    const unknown = await get('l.outsider', '/organisations/999999/energies-measured');
    expect(outsider.statusCode).toBe(unknown.statusCode);
    expect(outsider.json().message).toBe(unknown.json().message);
    expect((await get('l.general', '/organisations/abc/energies-measured')).statusCode).toBe(400);
  });
});
