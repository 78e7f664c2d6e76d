import { createEntity, createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { vehicles } from '@verdant/db/schema/vehicles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganisation(t.db, { name: 'Search Org' });
  const other = await createOrganisation(t.db, { name: 'Other Search Org' });
  const depot = await createSite(t.db, org.id, { name: 'Harbour Depot' });
  const office = await createSite(t.db, org.id, { name: 'Head Office' });
  await createSite(t.db, other.id, { name: 'Harbour Depot (theirs)' });
  await createMeter(t.db, depot, { localName: 'Depot main supply' });
  await createMeter(t.db, office, { localName: 'Office main supply' });
  // Vehicles are graph sources (docs/decisions/search.md, Vehicles are sources): found by registration, with
  // their site.
  for (const [site, registration] of [
    [depot, 'HRB101'],
    [office, 'HRB102'],
  ] as const) {
    const fuel = await createMeter(t.db, site, { localName: `${registration} fuel` });
    const distance = await createMeter(t.db, site, { localName: `${registration} distance` });
    await t.db.insert(vehicles).values({
      organisationId: org.id,
      siteId: site.id,
      registration,
      make: 'Toyota',
      model: 'Hilux',
      year: 2020,
      seats: 5,
      engineSize: '2.4',
      desiredEff: '8',
      bodyShapeId: 1,
      transmissionTypeId: 1,
      fuelId: 1,
      purchaseDate: '2020-01-01',
      consMeterId: fuel.id,
      distanceMeterId: distance.id,
    });
  }
  await createEntity(t.db, depot, { name: 'Depot workshop' });
  await createGroup(t.db, org.id, 'site', 'Harbour sites', [depot.id]);
  const limited = await createMember(t.db, org.id, { loginId: 'limited', accessId: 3 });
  await grantRight(t.db, {
    userId: limited.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: office.id,
    rightId: -1,
  });
  await createMember(t.db, org.id, { loginId: 'member', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  await createSite(t.db, org.id, { name: 'Old Works', siteClose: '2024-06-30' });
  for (const k of ['limited', 'member', 'outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const search = (who: string, query: string) =>
  t.app.inject({ url: `/api/current-user/search?${query}`, headers: bearer(tokens[who] ?? '') });

describe('GET /api/current-user/search', () => {
  it('finds assets of one type in the current organisation only, with context, echoing the counter', async () => {
    const sites = (await search('member', 'type=site&q=harb&counter=7')).json();
    expect(sites).toEqual({
      counter: 7,
      results: [{ type: 'site', id: expect.any(Number), name: 'Harbour Depot', context: null }],
    });
    const meters = (await search('member', 'type=meter&q=main')).json().results;
    expect(meters.map((m: { name: string; context: string }) => [m.name, m.context])).toEqual([
      ['Depot main supply', 'Harbour Depot'],
      ['Office main supply', 'Head Office'],
    ]);
    expect((await search('member', 'type=site-group&q=harbour')).json().results[0].name).toBe(
      'Harbour sites',
    );
    expect((await search('member', 'type=entity&q=workshop')).json().results[0].context).toBe(
      'Harbour Depot',
    );
  });

  it('hides assets the caller is barred from', async () => {
    const meters = (await search('limited', 'type=meter&q=main')).json().results;
    expect(meters.map((m: { name: string }) => m.name)).toEqual(['Depot main supply']);
    const found = (await search('limited', 'type=vehicle&q=hrb')).json().results;
    expect(found.map((v: { name: string }) => v.name)).toEqual(['HRB101']);
  });

  it('finds vehicles by registration, and browses them', async () => {
    const found = (await search('member', 'type=vehicle&q=hrb1')).json().results;
    expect(found.map((v: { name: string; context: string }) => [v.name, v.context])).toEqual([
      ['HRB101', 'Harbour Depot'],
      ['HRB102', 'Head Office'],
    ]);
    const browse = await t.app.inject({
      url: '/api/current-user/browse?type=vehicle',
      headers: bearer(tokens.limited ?? ''),
    });
    expect(browse.json()).toMatchObject({ total: 1, results: [{ type: 'vehicle', name: 'HRB101' }] });
  });

  it('needs at least 3 characters and a known type', async () => {
    const short = await search('member', 'type=site&q=ha');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Type at least 3 characters');
    expect((await search('member', 'type=planet&q=harbour')).statusCode).toBe(400);
  });

  it('treats wildcard characters as text', async () => {
    expect((await search('member', 'type=site&q=%25%25%25')).json().results).toEqual([]);
  });
});

const browse = (who: string, query: string) =>
  t.app.inject({ url: `/api/current-user/browse?${query}`, headers: bearer(tokens[who] ?? '') });
const names = async (who: string, query: string) =>
  (await browse(who, query)).json().results.map((r: { name: string }) => r.name);

describe('GET /api/current-user/browse', () => {
  it('lists assets of a type without typing, and only the organisation they are in', async () => {
    const entities = (await browse('member', 'type=entity')).json();
    expect(entities).toMatchObject({
      total: 1,
      offset: 0,
      results: [{ type: 'entity', name: 'Depot workshop', context: 'Harbour Depot' }],
    });
    expect(await names('member', 'type=site-group')).toEqual(['Harbour sites']);
    expect(await names('outsider', 'type=site')).toEqual(['Harbour Depot (theirs)']);
    expect(await names('outsider', 'type=entity')).toEqual([]);
  });

  it('leaves closed sites out when asked for open ones (where a new entity can go)', async () => {
    expect(await names('member', 'type=site')).toEqual(['Harbour Depot', 'Head Office', 'Old Works']);
    expect(await names('member', 'type=site&open=true')).toEqual(['Harbour Depot', 'Head Office']);
    expect((await browse('member', 'type=site&open=yes')).statusCode).toBe(400);
  });
});
