import { efficiencySeries } from '@verdant/domain/vehicle-log';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestDatabase, type DemoTestDatabase } from './testing/demo-database';

let t: DemoTestDatabase;
beforeAll(async () => {
  t = await createDemoTestDatabase();
}, 240_000);
afterAll(() => t.close());

describe('demo fleet', () => {
  it('has 25 vehicles of several fuels, two EVs and one sold, with two years of purchases', async () => {
    const [row] = (
      await t.db.execute<Record<string, number>>(sql`
      select (select count(*)::int from vehicles) as vehicles,
        (select count(distinct fuel_id)::int from vehicles) as fuels,
        (select count(*)::int from vehicles where fuel_id = 14) as evs,
        (select count(*)::int from vehicles where sale_date is not null) as sold,
        (select count(*)::int from fuel_purchases where incorrect_fuel and registration like '%V%') as incorrect,
        (select count(*)::int from fuel_purchases where odometer_flag) as misread,
        (select min(f.purchase_date)::text from fuel_purchases f join vehicles v on v.cons_meter_id = f.meter_id)
          as first_purchase`)
    ).rows;
    expect(row).toMatchObject({ vehicles: 25, fuels: 3, evs: 2, sold: 1, incorrect: 3, misread: 1 });
    expect(String(row?.first_purchase) <= '2024-11-07').toBe(true);
  });

  it('gives believable efficiencies: each vehicle within 15 per cent of its desired figure', async () => {
    const vehicles = (
      await t.db.execute<{ id: number; desired: number; cons: number }>(sql`
      select id, desired_eff::float8 as desired, cons_meter_id as cons from vehicles order by id`)
    ).rows;
    for (const v of vehicles) {
      const purchases = (
        await t.db.execute<{
          id: number;
          date: string;
          odometer: number;
          quantity: number;
          cost: number;
        }>(sql`
        select id, purchase_date::text as date, odometer, quantity::float8 as quantity, cost::float8 as cost
        from fuel_purchases where meter_id = ${v.cons} order by purchase_date`)
      ).rows;
      const series = efficiencySeries(purchases.map((p) => ({ ...p, time: null })));
      const overall = series.at(-1)?.cumulative ?? 0;
      // Desired is 95 per cent of the model's usual figure.
      expect(overall / (v.desired / 0.95)).toBeGreaterThan(0.9);
      expect(overall / (v.desired / 0.95)).toBeLessThan(1.1);
    }
  });
});
