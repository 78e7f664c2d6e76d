import { createDataType } from '@verdant/db/catalogue-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let orgA: { id: number };
let orgB: { id: number };
let ownA: Awaited<ReturnType<typeof createDataType>>;
let ownB: Awaited<ReturnType<typeof createDataType>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  // Signed in before any organisation exists, so the session has none: the global catalogue only.
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  tokens.root = await t.login('root');
  orgA = await createOrganisation(t.db);
  orgB = await createOrganisation(t.db);
  await createMember(t.db, orgA.id, { loginId: 'alice', accessId: 4 });
  await createMember(t.db, orgB.id, { loginId: 'bob', accessId: 2, admin: true });
  ownA = await createDataType(t.db, { name: 'Wood chips', grouping: 'Biomass', organisationId: orgA.id }, [
    { name: 'tonnes', conversionToStandard: 3500 },
  ]);
  ownB = await createDataType(t.db, { name: 'Secret fuel', grouping: 'Secret', organisationId: orgB.id });
  for (const who of ['alice', 'bob']) tokens[who] = await t.login(who);
});
afterAll(() => t.close());

const get = (who: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who] ?? '') : {} });
const names = (list: { energyDescr: string }[]) => list.map((x) => x.energyDescr);

const GLOBAL_IN_ORDER = [
  'Bioethanol',
  'Diesel',
  'Diesel (stationary combustion)',
  'Distance travelled',
  'Electricity (grid supplied)',
  'Electricity (vehicle charging)',
  'Externally calculated CO2e',
  'LPG',
  'Natural gas',
  'Petrol',
  'Petrol E10 blend',
  'Wastewater',
  'Water supply',
];

describe('energy types', () => {
  it('lists the global data types by grouping then name, in the spec shape', async () => {
    const res = await get('root', '/api/lookups/energy-types');
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(GLOBAL_IN_ORDER);
    const list = res.json();
    expect(list.find((x: { id: number }) => x.id === 13)).toEqual({
      id: 13,
      grouping: 'Electricity',
      energyDescr: 'Electricity (grid supplied)',
      retired: false,
      energytypeId: 1,
    });
    expect(list.find((x: { energyDescr: string }) => x.energyDescr === 'Water supply').energytypeId).toBe(2);
    expect(
      list.find((x: { energyDescr: string }) => x.energyDescr === 'Petrol E10 blend').id,
    ).toBeGreaterThanOrEqual(100000);
  });

  it("shows members their own organisation's data types and never another's", async () => {
    const alice = names((await get('alice', '/api/lookups/energy-types')).json());
    expect(alice).toContain('Wood chips');
    expect(alice).not.toContain('Secret fuel');
    expect(alice.indexOf('Wood chips')).toBe(alice.indexOf('Bioethanol') + 1);
    const bob = names((await get('bob', '/api/lookups/energy-types')).json());
    expect(bob).toContain('Secret fuel');
    expect(bob).not.toContain('Wood chips');
  });

  it("answers an organisation's data types to those who may enter it", async () => {
    const mine = await get('alice', `/api/organisations/${orgA.id}/energy-types`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual((await get('alice', '/api/lookups/energy-types')).json());
    expect((await get('alice', `/api/organisations/${orgB.id}/energy-types`)).statusCode).toBe(403);
    const unknown = await get('alice', '/api/organisations/999999/energy-types');
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(names((await get('root', `/api/organisations/${orgB.id}/energy-types`)).json())).toContain(
      'Secret fuel',
    );
    expect((await get('root', '/api/organisations/999999/energy-types')).statusCode).toBe(404);
    const bad = await get('alice', '/api/organisations/abc/energy-types');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });
});

describe('units', () => {
  it('lists the units of every visible data type as numbers', async () => {
    const units = (await get('alice', '/api/lookups/energy-units')).json();
    expect(units).toContainEqual({
      unitId: expect.any(Number),
      name: 'GJ',
      conversionToStandard: 277.7777777778,
      energyId: 2,
    });
    expect(units).toContainEqual({
      unitId: ownA.units.tonnes?.id,
      name: 'tonnes',
      conversionToStandard: 3500,
      energyId: ownA.id,
    });
    expect(units.some((u: { energyId: number }) => u.energyId === ownB.id)).toBe(false);
    expect(units.find((u: { unitId: number }) => u.unitId === 35)).toMatchObject({
      name: 'km',
      energyId: 116,
    });
  });

  it('answers the units of one data type, and 404 for one the caller cannot see', async () => {
    const gas = await get('alice', '/api/lookups/energy/2/energy-units');
    expect(gas.statusCode).toBe(200);
    expect(
      gas.json().map((u: { name: string; conversionToStandard: number }) => [u.name, u.conversionToStandard]),
    ).toEqual([
      // The catalogue's, and Portfolio Manager's (docs/decisions/catalogue.md, Portfolio Manager's units).
      ['MJ', 0.2777777778],
      ['kBtu', 0.2930710702],
      ['cf (cubic feet)', 0.300690918],
      ['kWh', 1],
      ['cm (cubic meters)', 10.6384798473],
      ['therms', 29.3071070172],
      ['ccf (hundred cubic feet)', 30.0690917997],
      ['GJ', 277.7777777778],
      ['MBtu', 293.0710701722],
      ['kcf (thousand cubic feet)', 300.6909179967],
      ['MWh', 1000],
      ['MMcf (million cubic feet)', 300690.9179967],
    ]);
    expect(gas.json()[0]).toEqual({
      unitId: expect.any(Number),
      name: 'MJ',
      conversionToStandard: 0.2777777778,
    });
    expect((await get('bob', `/api/lookups/energy/${ownB.id}/energy-units`)).statusCode).toBe(200);
    expect((await get('alice', `/api/lookups/energy/${ownB.id}/energy-units`)).statusCode).toBe(404);
    expect((await get('alice', '/api/lookups/energy/99999/energy-units')).statusCode).toBe(404);
    for (const bad of ['x', '0', '-3', '1.5', '2147483648']) {
      expect((await get('alice', `/api/lookups/energy/${bad}/energy-units`)).statusCode, bad).toBe(400);
    }
  });

  it('converts between two units of a data type as computed by hand', async () => {
    const units = (await get('alice', '/api/lookups/energy-units')).json() as {
      unitId: number;
      name: string;
      energyId: number;
    }[];
    const unit = (energyId: number, name: string) =>
      units.find((u) => u.energyId === energyId && u.name === name)?.unitId;
    const factor = async (energy: number, from: string, to: string) => {
      const res = await get(
        'alice',
        `/api/lookups/energies/${energy}/conversion-factor-from/${unit(energy, from)}/to/${unit(energy, to)}`,
      );
      expect(res.statusCode).toBe(200);
      return res.json().factor as number;
    };
    expect(await factor(2, 'MWh', 'kWh')).toBe(1000);
    expect(await factor(2, 'kWh', 'MWh')).toBe(0.001);
    expect(await factor(2, 'GJ', 'kWh')).toBeCloseTo(277.78, 2);
    expect(await factor(2, 'GJ', 'MJ')).toBeCloseTo(1000, 6);
    expect(await factor(4, 'litres', 'kWh')).toBeCloseTo(37.3 / 3.6, 9);
    expect(await factor(20, 'litres', 'kL')).toBe(0.001);
    expect(await factor(ownA.id, 'tonnes', 'kWh')).toBe(3500);

    const gasKwh = unit(2, 'kWh');
    const dieselLitres = unit(4, 'litres');
    const url = (energy: number | string, a: unknown, b: unknown) =>
      `/api/lookups/energies/${energy}/conversion-factor-from/${a}/to/${b}`;
    expect((await get('alice', url(2, dieselLitres, gasKwh))).statusCode).toBe(404);
    expect((await get('alice', url(2, gasKwh, 999999))).statusCode).toBe(404);
    expect((await get('alice', url(99999, gasKwh, gasKwh))).statusCode).toBe(404);
    expect((await get('bob', url(ownA.id, ownA.stdUnitId, ownA.units.tonnes?.id))).statusCode).toBe(404);
    expect((await get('alice', url('gas', gasKwh, gasKwh))).statusCode).toBe(400);
    expect((await get('alice', url(2, 'kWh', gasKwh))).statusCode).toBe(400);
  });
});

describe('lookups', () => {
  it('answers lookup items with Id, Descr and Order', async () => {
    expect((await get('alice', '/api/lookups/energy-reporting-groups')).json()).toEqual([
      { Id: 1, Descr: 'Stationary energy', Order: 1 },
      { Id: 2, Descr: 'Transport fuels', Order: 2 },
      { Id: 3, Descr: 'Water', Order: 3 },
      { Id: 4, Descr: 'Refrigerants', Order: 4 },
      { Id: 5, Descr: 'Waste', Order: 5 },
    ]);
    expect((await get('alice', '/api/lookups/energy-type-types')).json()).toEqual([
      { Id: 1, Descr: 'Energy Consumption', Order: 1 },
      { Id: 2, Descr: 'Record Only', Order: 2 },
      { Id: 3, Descr: 'Energy Delivery', Order: 3 },
      { Id: 4, Descr: 'GHG Emission', Order: 4 },
    ]);
    expect(
      (await get('alice', '/api/lookups/load-measurements')).json().map((x: { Descr: string }) => x.Descr),
    ).toEqual(['kW', 'kVA', 'MW', 'MVA']);
    expect((await get('alice', '/api/lookups/standardised-units')).json()).toEqual([
      { Id: 'distance', Descr: 'distance', Order: 1 },
      { Id: 'emissions', Descr: 'emissions', Order: 2 },
      { Id: 'energy', Descr: 'energy', Order: 3 },
      { Id: 'volume', Descr: 'volume', Order: 4 },
    ]);
  });

  it('draws activity groupings from the data types the caller can see', async () => {
    const groupings = async (who: string) =>
      (await get(who, '/api/lookups/activity-groupings')).json().map((x: { Id: string }) => x.Id);
    expect(await groupings('root')).toEqual([
      'Biofuels',
      'Diesel',
      'Distance',
      'Electricity',
      'Emissions',
      'LPG',
      'Natural gas',
      'Petrol',
      'Water',
    ]);
    expect(await groupings('alice')).toContain('Biomass');
    expect(await groupings('alice')).not.toContain('Secret');
    expect(await groupings('bob')).toContain('Secret');
  });

  it('refuses callers without a session', async () => {
    for (const url of [
      '/api/lookups/energy-types',
      '/api/lookups/energy-units',
      '/api/lookups/energy/2/energy-units',
      '/api/lookups/energies/2/conversion-factor-from/1/to/2',
      '/api/lookups/energy-reporting-groups',
      '/api/lookups/standardised-units',
      '/api/lookups/energy-type-types',
      '/api/lookups/load-measurements',
      '/api/lookups/activity-groupings',
      `/api/organisations/${orgA.id}/energy-types`,
    ]) {
      const res = await get(null, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe('UNAUTHORISED');
    }
  });
});
