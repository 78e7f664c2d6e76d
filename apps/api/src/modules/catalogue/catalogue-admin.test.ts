import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { CAT } from '@verdant/domain/catalogue-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let orgA: { id: number };
let digest: () => Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  tokens.root = await t.login('root');
  orgA = await createOrganisation(t.db);
  const orgB = await createOrganisation(t.db);
  await createMember(t.db, orgA.id, { loginId: 'admin-a', accessId: 2, admin: true });
  await createMember(t.db, orgB.id, { loginId: 'watcher', accessId: 4 });
  for (const who of ['admin-a', 'watcher']) tokens[who] = await t.login(who);
  digest = await tableDigest(t.db);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });

const newType = {
  name: 'Wood pellets',
  grouping: 'Biomass',
  type: 4,
  stdUnit: 'kg',
  sourceNotes: 'Supplier data sheet, 2025',
  scopes: [{ scope: 1, rate: '0.0158', startDate: '2024-01-01' }],
};

describe('the admin data types list', () => {
  it('lists every data type with its availability, standard unit and units', async () => {
    const res = await call('root', 'GET', '/lookups/admin-lists/energy-types');
    expect(res.statusCode).toBe(200);
    const grid = res.json().find((x: { id: number }) => x.id === 13);
    expect(grid).toMatchObject({
      energyDescr: 'Electricity (grid supplied)',
      grouping: 'Electricity',
      type: 1,
      org: null,
      stdUnit: 'kWh',
      factorScopes: [2, 3],
    });
    expect(grid.units.map((u: { name: string }) => u.name)).toContain('MWh');
  });

  it('downloads activities.csv with formulas neutralised', async () => {
    await t.db.execute(sql`insert into data_types (name, grouping, type_id, std_unit, standardised_unit, source_notes)
      values ('=HYPERLINK("x")', 'Test', 2, 'kg', 'mass', 'test')`);
    const res = await call('root', 'GET', '/lookups/admin-lists/energy-types/activities.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('activities.csv');
    expect(res.body.split('\n')[0]).toBe(
      'Id,Group,Data Type,Type,Availability,Standard Unit,Units,Factor scopes,Composite,Retired,Source notes',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('is for product administrators only; others are refused and learn nothing', async () => {
    for (const who of ['admin-a', 'watcher']) {
      for (const [method, url, body] of [
        ['GET', '/lookups/admin-lists/energy-types'],
        ['GET', '/lookups/admin-lists/energy-types/activities.csv'],
        ['POST', '/admin/energy-types', newType],
        ['POST', '/admin/energy-types/13/energy-units', { name: 'GWh', conversionToStandard: 1e6 }],
        [
          'PUT',
          '/admin/data-types/13',
          {
            name: 'x',
            grouping: 'x',
            sourceNotes: 'x',
            retired: true,
            scope3Category: null,
            defaultUnit: null,
            reportingGroupId: null,
          },
        ],
        ['GET', '/admin/composite-data-types/100000/details'],
        [
          'POST',
          '/admin/mixable-emission-factors',
          {
            name: 'Mix',
            components: [
              { energy: 4, percentage: 50 },
              { energy: 5, percentage: 50 },
            ],
          },
        ],
        ['GET', '/lookups/composite-emission-factor-commons'],
        ['GET', '/lookups/composite-emission-factor-commons/kWh/data-types'],
        ['GET', '/admin/data-types/13/emission-factors/1/factors'],
        [
          'POST',
          '/admin/data-types/13/emission-factors/1/factors',
          { scopeId: 1, rate: '1', startDate: '2024-01-01' },
        ],
      ] as const) {
        const before = await digest();
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.body).not.toContain('Electricity');
        expect(await digest()).toEqual(before);
      }
    }
  });
});

describe('Create New Data Type', () => {
  it('creates a data type with its standard unit and a scope 1 factor', async () => {
    const res = await call('root', 'POST', '/admin/energy-types', newType);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe('Wood pellets created.');
    expect(data).toMatchObject({ energyDescr: 'Wood pellets', stdUnit: 'kg', factorScopes: [1], org: null });
    expect(data.id).toBeLessThan(100000);
    expect(data.units).toEqual([
      { unitId: data.defaultUnit, name: 'kg', conversionToStandard: 1, sourceInfo: null },
    ]);
    const factors = await call('root', 'GET', `/admin/data-types/${data.id}/emission-factors/1/factors`);
    expect(factors.json()).toMatchObject([
      { scopeId: 1, rate: 0.0158, startDate: '2024-01-01', edition: null },
    ]);
  });

  it('refuses every rule of the spec with its message, changing nothing', async () => {
    const cases: [object, string][] = [
      [{ ...newType }, CAT.dataTypeNameTaken],
      [{ ...newType, name: 'WOOD PELLETS' }, CAT.dataTypeNameTaken],
      [{ ...newType, name: 'Heat', type: 1, stdUnit: 'GJ' }, CAT.dataTypeConsumptionKwh],
      [{ ...newType, name: 'Heat', type: 1, stdUnit: 'kWh', scopes: [] }, CAT.dataTypeScopeRequired],
      [{ ...newType, name: 'Gas X', scopes: [] }, CAT.dataTypeScopeRequired],
      [
        { ...newType, name: 'Gas X', scopes: [{ scope: 1, rate: 'abc', startDate: '2024-01-01' }] },
        CAT.factorRateNumber,
      ],
      [
        {
          ...newType,
          name: 'Gas X',
          scopes: [{ scope: 3, rate: '1', startDate: '2024-01-01' }],
          scope3Category: 7,
        },
        CAT.scope3Category,
      ],
      [{ ...newType, name: '' }, CAT.dataTypeNameRequired],
      [{ ...newType, name: 'Gas X', sourceNotes: ' ' }, CAT.dataTypeSourceNotesRequired],
    ];
    for (const [body, message] of cases) {
      const before = await digest();
      const res = await call('root', 'POST', '/admin/energy-types', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await digest()).toEqual(before);
    }
  });

  it('takes scope 3 category 4 by default, and a record-only type needs no factor', async () => {
    const res = await call('root', 'POST', '/admin/energy-types', {
      ...newType,
      name: 'Paper',
      scopes: [{ scope: 3, rate: '0.9', startDate: '2024-01-01' }],
    });
    expect(res.json().data.scope3Category).toBe(4);
    const plain = await call('root', 'POST', '/admin/energy-types', {
      ...newType,
      name: 'Visitors',
      type: 2,
      scopes: [],
    });
    expect(plain.statusCode).toBe(200);
  });
});

describe('Create New Unit', () => {
  it('adds a unit, with the spec messages for a blank name, a name in use, a missing or zero factor', async () => {
    const ok = await call('root', 'POST', '/admin/energy-types/13/energy-units', {
      name: 'GWh',
      conversionToStandard: '1000000',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'GWh', conversionToStandard: 1_000_000 });
    const negative = await call('root', 'POST', '/admin/energy-types/13/energy-units', {
      name: 'kWh exported',
      conversionToStandard: '-1',
    });
    expect(negative.statusCode).toBe(200);
    for (const [body, message] of [
      [{ name: '  ', conversionToStandard: 2 }, CAT.unitNameBlank],
      [{ name: 'gwh', conversionToStandard: 2 }, 'There is already a gwh unit'],
      [{ name: 'TWh', conversionToStandard: null }, CAT.unitFactorMissing],
      [{ name: 'TWh', conversionToStandard: '' }, CAT.unitFactorMissing],
      [{ name: 'TWh', conversionToStandard: 0 }, CAT.unitFactorZero],
      [{ name: 'TWh', conversionToStandard: 'abc' }, CAT.unitFactorNumber],
    ] as const) {
      const before = await digest();
      const res = await call('root', 'POST', '/admin/energy-types/13/energy-units', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await digest()).toEqual(before);
    }
    expect(
      (
        await call('root', 'POST', '/admin/energy-types/99999/energy-units', {
          name: 'x',
          conversionToStandard: 1,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('New composite factor', () => {
  it('mixes data types by percentage, with an id from 100000', async () => {
    const commons = await call('root', 'GET', '/lookups/composite-emission-factor-commons');
    expect(commons.json().map((c: { Id: string }) => c.Id)).toContain('kWh');
    const mixable = await call('root', 'GET', '/lookups/composite-emission-factor-commons/litres/data-types');
    const names = mixable.json().map((m: { energyDescr: string }) => m.energyDescr);
    expect(names).toEqual(expect.arrayContaining(['Diesel', 'Bioethanol']));
    const res = await call('root', 'POST', '/admin/mixable-emission-factors', {
      name: 'Diesel B20 blend',
      components: [
        { energy: 4, percentage: '80' },
        { energy: 5, percentage: 20 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Diesel B20 blend created.');
    const id = res.json().data.id;
    expect(id).toBeGreaterThanOrEqual(100000);
    const details = await call('root', 'GET', `/admin/composite-data-types/${id}/details`);
    expect(details.json().components.map((c: { percentage: number }) => c.percentage)).toEqual([80, 20]);
    expect((await call('root', 'GET', '/admin/composite-data-types/13/details')).statusCode).toBe(404);
  });

  it('refuses a short name, one component, a part under 1 % and a total of 99 %', async () => {
    for (const [body, message] of [
      [
        {
          name: 'Mx',
          components: [
            { energy: 4, percentage: 50 },
            { energy: 5, percentage: 50 },
          ],
        },
        CAT.compositeNameShort,
      ],
      [{ name: 'Mix one', components: [{ energy: 4, percentage: 100 }] }, CAT.compositeTwoComponents],
      [
        {
          name: 'Mix small',
          components: [
            { energy: 4, percentage: 99.5 },
            { energy: 5, percentage: 0.5 },
          ],
        },
        CAT.compositeComponentMin,
      ],
      [
        {
          name: 'Mix 99',
          components: [
            { energy: 4, percentage: 89 },
            { energy: 5, percentage: 10 },
          ],
        },
        'The percentages must total 100 (they total 99)',
      ],
      [
        {
          name: 'Mix twice',
          components: [
            { energy: 4, percentage: 50 },
            { energy: 4, percentage: 50 },
          ],
        },
        CAT.compositeComponentTwice,
      ],
      [
        {
          name: 'Mix unknown',
          components: [
            { energy: 4, percentage: 50 },
            { energy: 99999, percentage: 50 },
          ],
        },
        CAT.compositeComponentUnknown,
      ],
    ] as const) {
      const before = await digest();
      const res = await call('root', 'POST', '/admin/mixable-emission-factors', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await digest()).toEqual(before);
    }
  });
});

describe('the emission factor editor', () => {
  let typeId: number;
  beforeAll(async () => {
    const res = await call('root', 'POST', '/admin/energy-types', {
      ...newType,
      name: 'Biogas',
      stdUnit: 'kWh',
      type: 4,
    });
    typeId = res.json().data.id;
  });
  const url = () => `/admin/data-types/${typeId}/emission-factors/1/factors`;

  it('adds and changes factors by hand, each change a new version', async () => {
    const first = (await call('root', 'GET', url())).json()[0];
    const closed = await call('root', 'PUT', `${url()}/${first.emissionFactorId}`, {
      scopeId: 1,
      rate: '0.0158',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      reason: 'Supplier revised it for 2025',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.version).toBe(2);
    const next = await call('root', 'POST', url(), { scopeId: 1, rate: '0.0161', startDate: '2025-01-01' });
    expect(next.statusCode).toBe(200);
    expect((await call('root', 'GET', url())).json().map((f: { rate: number }) => f.rate)).toEqual([
      0.0158, 0.0161,
    ]);
  });

  it('refuses a rate of abc, an overlapping period, an end before the start', async () => {
    for (const [body, message] of [
      [{ scopeId: 1, rate: 'abc', startDate: '2026-01-01' }, CAT.factorRateNumber],
      [
        { scopeId: 1, rate: '1', startDate: '2025-06-01' },
        'The period overlaps another scope 1 factor (2025-01-01 to open)',
      ],
      [{ scopeId: 1, rate: '1', startDate: '2020-06-01', endDate: '2020-01-01' }, CAT.factorEndBeforeStart],
      [{ scopeId: 1, basis: 'location', rate: '1', startDate: '2020-01-01' }, CAT.factorScopeBasis],
    ] as const) {
      const before = await digest();
      const res = await call('root', 'POST', url(), body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await digest()).toEqual(before);
    }
  });

  it("never changes a published edition's factor", async () => {
    const grid = (await call('root', 'GET', '/admin/data-types/13/emission-factors/1/factors')).json();
    const published = grid.find((f: { edition: { name: string } | null }) => f.edition?.name === 'MfE 2025');
    const res = await call(
      'root',
      'PUT',
      `/admin/data-types/13/emission-factors/1/factors/${published.emissionFactorId}`,
      {
        scopeId: 2,
        rate: '0.2',
        startDate: published.startDate,
        endDate: published.endDate,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This factor belongs to the edition MfE 2025, which is published; load a correcting edition instead',
    );
  });
});
