import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../migrate';
import { databaseBefore } from '../testing/migration-database';
import { recomputeFacts } from './recompute';

/*
 * Migration 0009 (ledger version 2) carries today's inputs over unchanged in meaning. A database is migrated
 * up to the migration before it, filled with version 1 rows (an invoice per meter with its consumption in the
 * meter's unit, a reversed flag and a replaced-by link, inputs without units, half-hour days without
 * registers), migrated, and recomputed. Hand-checked:
 *   Meter A (unit MWh): January 3.1 MWh $620.00 -> 3100 kWh, 310 kg at 0.1. February: B (2.0 MWh) reversed
 *   and replaced by C (2.9 MWh, $580.00) -> 2900 kWh. March: D reversed with no replacement -> a reversal
 *   that charges nothing: no consumption, as before (version 1 had no fact row; now a row of zeros).
 *   Meter R (level 2, type 8): a January record of 310 kWh -> 310 kWh.
 *   Meter F (diesel, type 7): 50 L and an incorrect-fuel 100 L on 5 and 12 May -> 150 L (the incorrect
 *   fuel counted and flagged: a deliberate rule change; version 1 dropped it).
 *   Meter H (smart): two days of 48 x 0.5 kWh on register 0 -> an import kWh register, 48 kWh.
 */
let database: Awaited<ReturnType<typeof databaseBefore>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await databaseBefore('0009_');

  const one = async (text: string) =>
    (await database.db.execute<{ id: number }>(sql.raw(text))).rows[0]?.id ?? 0;
  const source = await one(
    `insert into emission_factor_sources (name, is_default) values ('Gov', true) returning id`,
  );
  const electricity = await one(`insert into data_types (name, grouping, type_id, std_unit, standardised_unit)
    values ('Electricity', 'Electricity', 1, 'kWh', 'energy') returning id`);
  const diesel = await one(`insert into data_types (name, grouping, type_id, std_unit, standardised_unit)
    values ('Diesel', 'Diesel', 1, 'litres', 'volume') returning id`);
  await one(
    `insert into units (data_type_id, name, conversion_to_standard) values (${electricity}, 'kWh', 1) returning id`,
  );
  ids.mwh = await one(
    `insert into units (data_type_id, name, conversion_to_standard) values (${electricity}, 'MWh', 1000) returning id`,
  );
  ids.litres = await one(
    `insert into units (data_type_id, name, conversion_to_standard) values (${diesel}, 'litres', 1) returning id`,
  );
  await one(`insert into emission_factors (data_type_id, source_id, scope, rate, start_date)
    values (${electricity}, ${source}, 2, 0.1, '2020-01-01'), (${diesel}, ${source}, 1, 2.5, '2020-01-01') returning id`);
  const org = await one(`insert into organisations (name) values ('Old Org') returning id`);
  ids.org = org;
  const site = await one(`insert into sites (organisation_id, name) values (${org}, 'Site') returning id`);
  const meter = (values: string) =>
    one(`insert into meters (organisation_id, site_id, local_name, energy_id, unit_id, meter_type, metlvl_id)
      values (${org}, ${site}, ${values}) returning id`);
  ids.a = await meter(`'A', ${electricity}, ${ids.mwh}, 2, 1`);
  ids.r = await meter(`'R', ${electricity}, null, 8, 2`);
  ids.f = await meter(`'F', ${diesel}, ${ids.litres}, 7, 1`);
  ids.h = await meter(`'H', ${electricity}, null, 5, 1`);
  const invoice = (values: string) =>
    one(`insert into invoices (organisation_id, meter_id, date_from, date_till, invoice_date, consumption, cost_excl_tax, reversed)
      values (${org}, ${ids.a}, ${values}) returning id`);
  await invoice(`'2024-01-01', '2024-01-31', '2024-02-05', 3.1, 620, false`);
  ids.b = await invoice(`'2024-02-01', '2024-02-29', '2024-03-05', 2.0, 400, true`);
  ids.c = await invoice(`'2024-02-01', '2024-02-29', '2024-03-20', 2.9, 580, false`);
  ids.d = await invoice(`'2024-03-01', '2024-03-31', '2024-04-05', 1.0, 200, true`);
  await one(`update invoices set replaced_by_id = ${ids.c} where id = ${ids.b} returning id`);
  await one(`insert into consumption_records (organisation_id, meter_id, date_from, date_till, units)
    values (${org}, ${ids.r}, '2024-01-01', '2024-01-31', 310) returning id`);
  await one(`insert into fuel_purchases (organisation_id, meter_id, purchase_date, quantity, cost, incorrect_fuel)
    values (${org}, ${ids.f}, '2024-05-05', 50, 100, false), (${org}, ${ids.f}, '2024-05-12', 100, 200, true) returning id`);
  const halves = `array[${Array(48).fill('0.5').join(',')}]::real[]`;
  await one(`insert into half_hour_days (meter_id, register, read_date, organisation_id, kwh, day_kwh, readings)
    values (${ids.h}, 0, '2024-09-01', ${org}, ${halves}, 24, 48), (${ids.h}, 0, '2024-09-02', ${org}, ${halves}, 24, 48)
    returning meter_id as id`);

  await runMigrations(database.pool);
  await recomputeFacts(database.db, [ids.a, ids.r, ids.f, ids.h].map(Number), '2026-11-21');
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

const rows = async (text: ReturnType<typeof sql>) => (await database.db.execute(text)).rows;

describe('migration 0009 carries version 1 inputs over', () => {
  it('turns invoices into documents over invoice_meters, in the unit of their meter', async () => {
    expect(
      await rows(sql`select i.kind, im.meter_id, im.consumption, im.unit_id, i.charges_total
        from invoices i join invoice_meters im on im.invoice_id = i.id order by i.id`),
    ).toEqual([
      { kind: 'normal', meter_id: ids.a, consumption: '3.1000', unit_id: ids.mwh, charges_total: '620.00' },
      { kind: 'normal', meter_id: ids.a, consumption: '2.0000', unit_id: ids.mwh, charges_total: '400.00' },
      {
        kind: 'replacement',
        meter_id: ids.a,
        consumption: '2.9000',
        unit_id: ids.mwh,
        charges_total: '580.00',
      },
      { kind: 'normal', meter_id: ids.a, consumption: '1.0000', unit_id: ids.mwh, charges_total: '200.00' },
      { kind: 'reversal', meter_id: ids.a, consumption: '0.0000', unit_id: ids.mwh, charges_total: '0.00' },
    ]);
    const reversal = await rows(sql`select id from invoices where kind = 'reversal'`);
    expect(
      await rows(sql`select reversal_id, reversed_id from invoice_reversals order by reversed_id`),
    ).toEqual([
      { reversal_id: ids.c, reversed_id: ids.b },
      { reversal_id: reversal[0]?.id, reversed_id: ids.d },
    ]);
  });

  it('gives every input row a unit and every half-hour register a direction and quantity', async () => {
    expect(await rows(sql`select unit_id from fuel_purchases order by id`)).toEqual([
      { unit_id: ids.litres },
      { unit_id: ids.litres },
    ]);
    expect((await rows(sql`select unit_id from consumption_records`))[0]?.unit_id).toEqual(
      expect.any(Number),
    );
    expect(await rows(sql`select meter_id, register, direction, quantity from half_hour_registers`)).toEqual([
      { meter_id: ids.h, register: 0, direction: 'import', quantity: 'kWh' },
    ]);
    expect(await rows(sql`select count(*)::int as n from emission_factor_versions`)).toEqual([{ n: 2 }]);
    expect(await rows(sql`select scope, scope2_basis from emission_factors order by scope`)).toEqual([
      { scope: 1, scope2_basis: null },
      { scope: 2, scope2_basis: 'location' },
    ]);
  });

  it('keeps the figures', async () => {
    expect(
      await rows(sql`select m.local_name as meter, f.month::text, f.quantity_std as q, f.cost,
        f.co2e_scope1 + f.co2e_scope2_location as co2e, f.days_covered as days, f.flagged
        from monthly_facts f join meters m on m.id = f.meter_id order by m.local_name, f.month`),
    ).toEqual([
      { meter: 'A', month: '2024-01-01', q: 3100, cost: '620.00', co2e: 310, days: 31, flagged: false },
      { meter: 'A', month: '2024-02-01', q: 2900, cost: '580.00', co2e: 290, days: 29, flagged: false },
      { meter: 'A', month: '2024-03-01', q: 0, cost: '0.00', co2e: 0, days: 0, flagged: false },
      { meter: 'F', month: '2024-05-01', q: 150, cost: '300.00', co2e: 375, days: 31, flagged: true },
      { meter: 'H', month: '2024-09-01', q: 48, cost: '0.00', co2e: 4.8, days: 2, flagged: false },
      { meter: 'R', month: '2024-01-01', q: 310, cost: '0.00', co2e: 31, days: 31, flagged: false },
    ]);
  });
});
