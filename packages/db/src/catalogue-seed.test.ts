import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_VERSION, seedCatalogue } from './catalogue-seed';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

/** Every catalogue row, in a stable order, to compare before and after a second seeding. */
const snapshot = () =>
  rows(sql`
    select 'group' as t, row_to_json(g)::text as r from energy_reporting_groups g
    union all select 'type', row_to_json(d)::text from data_types d
    union all select 'unit', row_to_json(u)::text from units u
    union all select 'component', row_to_json(c)::text from composite_components c
    union all select 'source', row_to_json(s)::text from emission_factor_sources s
    union all select 'factor', row_to_json(f)::text from emission_factors f
    order by 1, 2`);

/** kg CO2-e for a quantity in a unit of a data type on a day, the way the ledger multiplies. */
const emission = async (type: string, unit: string, quantity: number, day: string, scope: number) => {
  const [r] = await rows<{ kg: string }>(sql`
    select ${quantity} * u.conversion_to_standard * f.rate as kg
    from data_types d join units u on u.data_type_id = d.id and u.name = ${unit}
    join emission_factors f on f.data_type_id = d.id and f.scope = ${scope}
      and coalesce(f.scope2_basis, 'location') = 'location' and f.start_date <= ${day}::date and (f.end_date is null or f.end_date >= ${day}::date)
    where d.name = ${type}`);
  return Number(r?.kg);
};

describe('catalogue seed', () => {
  it('loads once; a second call changes nothing', async () => {
    expect(await seedCatalogue(database.db)).toEqual({ seeded: true });
    const before = await snapshot();
    expect(await seedCatalogue(database.db)).toEqual({ seeded: false });
    expect(await snapshot()).toEqual(before);
    const [marker] = await rows<{ value: string }>(
      sql`select value from app_meta where key = 'catalogue_version'`,
    );
    expect(marker?.value).toBe(CATALOGUE_VERSION);
  });

  it('holds the NZECS residual mix beside the grid average, and only the figures read', async () => {
    const residual = await rows<{
      rate: string;
      start_date: string;
      end_date: string | null;
      notes: string;
    }>(sql`
      select f.rate, f.start_date, f.end_date, f.notes from emission_factors f
      where f.data_type_id = 13 and f.scope2_basis = 'residual-mix' order by f.start_date`);
    expect(residual.map((r) => [r.rate, r.start_date, r.end_date])).toEqual([
      ['0.0990000000', '2019-04-01', '2020-03-31'],
      ['0.1250000000', '2020-04-01', '2021-03-31'],
      ['0.1134700000', '2024-04-01', null],
    ]);
    for (const r of residual) expect(r.notes).toContain('NZ Energy Certificate System');
    expect(residual[1]?.notes).toContain('were not found in the sources read');
  });

  it('adds the residual mix to a version 1 catalogue and marks electricity meters for recompute', async () => {
    await database.db.execute(sql`delete from emission_factors where scope2_basis = 'residual-mix'`);
    await database.db.execute(sql`update app_meta set value = '1' where key = 'catalogue_version'`);
    const [org] = await rows<{ id: number }>(
      sql`insert into organisations (name) values ('Upgrade') returning id`,
    );
    const [site] = await rows<{ id: number }>(
      sql`insert into sites (organisation_id, name) values (${org?.id}, 'Site') returning id`,
    );
    const [meter] = await rows<{
      id: number;
    }>(sql`insert into meters (organisation_id, site_id, local_name, energy_id)
      values (${org?.id}, ${site?.id}, 'Supply', 13) returning id`);
    expect(await seedCatalogue(database.db)).toEqual({ seeded: false });
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from emission_factors where scope2_basis = 'residual-mix'`,
    );
    expect(count?.n).toBe(6);
    expect(await rows(sql`select meter_id from ledger_pending`)).toEqual([{ meter_id: meter?.id }]);
    const [marker] = await rows<{ value: string }>(
      sql`select value from app_meta where key = 'catalogue_version'`,
    );
    expect(marker?.value).toBe(CATALOGUE_VERSION);
  });

  it('holds the headline published values', async () => {
    const factor = async (type: string, scope: number, start: string) =>
      (
        await rows<{ rate: string }>(sql`
          select f.rate from emission_factors f join data_types d on d.id = f.data_type_id
          where d.name = ${type} and f.scope = ${scope} and f.start_date = ${start}`)
      )[0]?.rate;
    expect(await factor('Electricity (grid supplied)', 2, '2024-01-01')).toBe('0.1011189484');
    expect(await factor('Electricity (grid supplied)', 2, '2023-01-01')).toBe('0.0766302343');
    expect(await factor('Natural gas', 1, '2000-01-01')).toBe('0.1951479317');
    expect(await factor('Water supply', 3, '2026-01-01')).toBe('0.0377557000');
    // Litres and kg give back exactly the per-litre and per-kg factors MfE prints.
    expect(await emission('Diesel', 'litres', 100, '2025-06-30', 1)).toBeCloseTo(268.0680605, 5);
    expect(await emission('Diesel (stationary combustion)', 'litres', 1, '2025-06-30', 1)).toBeCloseTo(
      2.679858468,
      6,
    );
    expect(await emission('Petrol', 'litres', 1, '2026-03-01', 1)).toBeCloseTo(2.36143, 6);
    expect(await emission('LPG', 'kg', 45, '2024-07-01', 1)).toBeCloseTo(45 * 2.971635097, 5);
    expect(await emission('Water supply', 'kL', 1000, '2025-01-31', 3)).toBeCloseTo(48.549206, 5);
    expect(await emission('Electricity (grid supplied)', 'MWh', 1, '2022-05-01', 2)).toBeCloseTo(
      81.8949105,
      6,
    );
    const [source] = await rows<{ name: string; is_default: boolean }>(
      sql`select name, is_default from emission_factor_sources`,
    );
    expect(source).toEqual({
      name: 'NZ Ministry for the Environment (Measuring emissions)',
      is_default: true,
    });
  });

  it('gives every data type exactly one standard unit, with factor 1, as its default unit', async () => {
    const bad = await rows(sql`
      select d.name, count(u.id) filter (where u.name = d.std_unit) as std_units,
        bool_and(u.conversion_to_standard = 1) filter (where u.name = d.std_unit) as factor_one,
        bool_or(u.id = d.default_unit_id and u.name = d.std_unit) as is_default
      from data_types d left join units u on u.data_type_id = d.id
      group by d.id
      having count(u.id) filter (where u.name = d.std_unit) <> 1
        or not bool_and(u.conversion_to_standard = 1) filter (where u.name = d.std_unit)
        or not coalesce(bool_or(u.id = d.default_unit_id and u.name = d.std_unit), false)`);
    expect(bad).toEqual([]);
    const [{ types } = { types: 0 }] = await rows<{ types: number }>(
      sql`select count(*)::int as types from data_types where organisation_id is null`,
    );
    expect(types).toBeGreaterThanOrEqual(7);
  });

  it('uses energy units of kWh for energy consumption and the published GJ and MJ factors', async () => {
    const units = await rows<{ name: string; conversion_to_standard: string }>(sql`
      select u.name, u.conversion_to_standard from units u join data_types d on d.id = u.data_type_id
      where d.name = 'Natural gas' and u.id < 1000 order by u.conversion_to_standard`);
    expect(units).toEqual([
      { name: 'MJ', conversion_to_standard: '0.2777777778' },
      { name: 'kWh', conversion_to_standard: '1.0000000000' },
      { name: 'GJ', conversion_to_standard: '277.7777777778' },
      { name: 'MWh', conversion_to_standard: '1000.0000000000' },
    ]);
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from data_types where type_id = 1 and std_unit <> 'kWh'`,
    );
    expect(n).toBe(0);
  });

  it("holds Portfolio Manager's units at their published conversions, checked by hand", async () => {
    const unit = async (type: string, name: string) =>
      Number(
        (
          await rows<{ c: string }>(sql`
            select u.conversion_to_standard as c from units u join data_types d on d.id = u.data_type_id
            where d.name = ${type} and u.name = ${name}`)
        )[0]?.c,
      );
    // 1 kBtu = 1,055,055.85262 J / 3,600,000 J = 0.2930710702 kWh; a therm is 100 kBtu.
    expect(await unit('Electricity (grid supplied)', 'kBtu')).toBe(0.2930710702);
    expect(await unit('Electricity (grid supplied)', 'MBtu')).toBe(293.0710701722);
    expect(await unit('Natural gas', 'therms')).toBe(29.3071070172);
    // Natural gas at 1.026 kBtu per cubic foot: a ccf is 102.6 kBtu = 30.0690917997 kWh.
    expect(await unit('Natural gas', 'ccf (hundred cubic feet)')).toBe(30.0690917997);
    expect(await unit('Natural gas', 'cm (cubic meters)')).toBe(10.6384798473);
    // A US gallon of diesel is 3.785411784 litres at 37.3 MJ/litre: 39.2210720953 kWh.
    expect(await unit('Diesel', 'US gallons')).toBe(39.2210720953);
    expect(await unit('Water supply', 'kGal (thousand US gallons)')).toBe(3.785411784);
    expect(await unit('Water supply', 'ccf (hundred cubic feet)')).toBe(2.8316846592);
  });

  it("adds Portfolio Manager's units to a version 2 catalogue, at their fixed ids where free", async () => {
    const before = await rows<{ id: number; name: string }>(
      sql`select id, name from units where id > 1000 order by id`,
    );
    await database.db.execute(sql`delete from units where id > 1000`);
    await database.db.execute(sql`update app_meta set value = '2' where key = 'catalogue_version'`);
    expect(await seedCatalogue(database.db)).toEqual({ seeded: false });
    expect(await rows(sql`select id, name from units where id > 1000 order by id`)).toEqual(before);
    expect(await seedCatalogue(database.db)).toEqual({ seeded: false });
    expect((await rows(sql`select id from units where id > 1000`)).length).toBe(before.length);
  });

  it('makes composites from the sequence, with percentages adding up to 100', async () => {
    const composites = await rows<{ id: number; name: string; total: string; parts: number }>(sql`
      select d.id, d.name, sum(c.percentage)::text as total, count(*)::int as parts
      from data_types d join composite_components c on c.composite_id = d.id
      where d.composite group by d.id`);
    expect(composites.length).toBeGreaterThanOrEqual(1);
    for (const c of composites) {
      expect(c.id).toBeGreaterThanOrEqual(100000);
      expect(Number(c.total)).toBe(100);
      expect(c.parts).toBeGreaterThanOrEqual(2);
    }
    const [{ max } = { max: 0 }] = await rows<{ max: number }>(
      sql`select max(id) as max from data_types where not composite`,
    );
    expect(max).toBeLessThan(100000);
  });

  it('never overlaps factor periods, and leaves the latest open-ended', async () => {
    const factors = await rows<{ key: string; start_date: string; end_date: string | null }>(sql`
      select data_type_id || '/' || source_id || '/' || scope || '/' || coalesce(scope2_basis, '') as key,
        start_date, end_date
      from emission_factors order by data_type_id, source_id, scope, start_date`);
    const byKey = new Map<string, typeof factors>();
    for (const f of factors) byKey.set(f.key, [...(byKey.get(f.key) ?? []), f]);
    expect(byKey.size).toBeGreaterThanOrEqual(8);
    for (const [key, periods] of byKey) {
      for (let i = 1; i < periods.length; i++) {
        const prev = periods[i - 1];
        expect(prev?.end_date, key).not.toBeNull();
        expect((prev?.end_date ?? '') < (periods[i]?.start_date ?? ''), key).toBe(true);
      }
      expect(periods.at(-1)?.end_date, key).toBeNull();
    }
    const noted = await rows(
      // Every factor names the publication it comes from.
      sql`select id from emission_factors
        where coalesce(notes, '') not like '%Measuring emissions%' and coalesce(notes, '') not like '%GHG conversion factors%'
          and coalesce(notes, '') not like '%NZ Energy Certificate System%'`,
    );
    expect(noted).toEqual([]);
  });

  it('holds the default set as editions of their publications, every factor in one, each with its version', async () => {
    const editions = await rows<{ name: string; publisher: string; status: string; factors: number }>(sql`
      select e.name, e.publisher, e.status, count(f.id)::int as factors
      from emission_factor_editions e left join emission_factors f on f.edition_id = e.id
      group by e.id order by e.name`);
    expect(editions.map((e) => [e.name, e.status])).toEqual([
      ['BEIS 2020', 'published'],
      ['MfE 2025', 'published'],
      ['MfE 2026', 'published'],
      ['NZECS residual supply factors', 'published'],
    ]);
    expect(editions.every((e) => e.factors > 0)).toBe(true);
    expect(await rows(sql`select id from emission_factors where edition_id is null`)).toEqual([]);
    expect(
      await rows(sql`select f.id from emission_factors f
        where not exists (select 1 from emission_factor_versions v where v.factor_id = f.id)`),
    ).toEqual([]);
  });

  it('moves the id generators past the fixed ids', async () => {
    const [unit] = await rows<{ id: number }>(
      sql`insert into units (data_type_id, name, conversion_to_standard) values (13, 'GWh', 1000000) returning id`,
    );
    const [max] = await rows<{ id: number }>(sql`select max(id) as id from units where name <> 'GWh'`);
    expect(unit?.id).toBeGreaterThan(max?.id ?? 0);
    const [type] = await rows<{ id: number }>(sql`
      insert into data_types (name, grouping, type_id, std_unit, standardised_unit) values ('Own', 'Own', 2, 'kg', 'mass')
      returning id`);
    expect(type?.id).toBeGreaterThan(116);
    expect(type?.id).toBeLessThan(100000);
  });
});
