import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataType } from './catalogue-factories';
import { runMigrations } from './migrate';
import { databaseBefore } from './testing/migration-database';

/*
 * Migrations 0029 and 0034 keep transaction and fuel purchase times as entered text (HH:MM, hours 00 to 29).
 * Times stored before them as a time of day keep their hours and minutes; a row without a time keeps none.
 */
let database: Awaited<ReturnType<typeof databaseBefore>>;

beforeAll(async () => {
  database = await databaseBefore('0029_');
  const one = async (text: string) =>
    (await database.db.execute<{ id: number }>(sql.raw(text))).rows[0]?.id ?? 0;
  const org = await one(`insert into organisations (name) values ('Old Org') returning id`);
  const site = await one(`insert into sites (organisation_id, name) values (${org}, 'Site') returning id`);
  const meter = await one(`insert into meters (organisation_id, site_id, local_name, meter_type)
    values (${org}, ${site}, 'LPG deliveries', 7) returning id`);
  const lpg = await createDataType(database.db, { name: 'Old LPG', stdUnit: 'litres' });
  for (const time of [`'07:45:00'`, `'23:30:59'`, 'null']) {
    await one(`insert into transactions (organisation_id, meter_id, unit_id, tx_date, tx_time, quantity)
      values (${org}, ${meter}, ${lpg.stdUnitId}, '2026-01-05', ${time}, 100) returning id`);
    await one(`insert into fuel_purchases (organisation_id, meter_id, unit_id, purchase_date, purchase_time,
      quantity, cost) values (${org}, ${meter}, ${lpg.stdUnitId}, '2026-01-05', ${time}, 40, 100) returning id`);
  }
  await runMigrations(database.pool);
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

describe('migrations 0029 and 0034 keep clock times as entered', () => {
  it('turns stored times into HH:MM and takes hours up to 29 only', async () => {
    const rows = await database.db.execute<{ tx_time: string | null }>(
      sql`select tx_time from transactions order by id`,
    );
    expect(rows.rows.map((r) => r.tx_time)).toEqual(['07:45', '23:30', null]);
    await database.db.execute(sql`update transactions set tx_time = '25:30' where tx_time = '07:45'`);
    await expect(database.db.execute(sql`update transactions set tx_time = '30:00'`)).rejects.toThrow();
  });

  it('turns stored fuel purchase times into HH:MM and takes hours up to 29 only', async () => {
    const rows = await database.db.execute<{ purchase_time: string | null }>(
      sql`select purchase_time from fuel_purchases order by id`,
    );
    expect(rows.rows.map((r) => r.purchase_time)).toEqual(['07:45', '23:30', null]);
    await database.db.execute(
      sql`update fuel_purchases set purchase_time = '29:59' where purchase_time = '07:45'`,
    );
    await expect(
      database.db.execute(sql`update fuel_purchases set purchase_time = '7:45'`),
    ).rejects.toThrow();
  });
});
