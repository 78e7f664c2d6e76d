import { CAT } from '@verdant/domain/catalogue-messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, digest, newType, t, useFixture } from './catalogue-admin.fixture';

useFixture();

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
