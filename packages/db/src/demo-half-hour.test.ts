import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestDatabase, type DemoTestDatabase } from './testing/demo-database';

let t: DemoTestDatabase;
beforeAll(async () => {
  t = await createDemoTestDatabase();
}, 240_000);
afterAll(() => t.close());

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows;

describe('demo half-hour data and transactions', () => {
  it('gives each smart meter a second register: solar export, night-rate hot water, reactive energy', async () => {
    expect(
      await rows(sql`select m.local_name as name, r.register, r.direction, r.quantity,
          (select count(*)::int from half_hour_days d where d.meter_id = r.meter_id and d.register = r.register) as days
        from half_hour_registers r join meters m on m.id = r.meter_id order by m.local_name, r.register`),
    ).toEqual([
      // 1 October 2025 to 20 November 2026 is 416 days, two of them missing.
      { name: 'Civic Library Smart meter', register: 0, direction: 'import', quantity: 'kWh', days: 414 },
      { name: 'Civic Library Smart meter', register: 2, direction: 'export', quantity: 'kWh', days: 414 },
      { name: 'Head Office EV chargers', register: 0, direction: 'import', quantity: 'kWh', days: 414 },
      { name: 'Head Office EV chargers', register: 3, direction: 'import', quantity: 'kVArh', days: 414 },
      { name: 'Southern Depot Smart meter', register: 0, direction: 'import', quantity: 'kWh', days: 414 },
      { name: 'Southern Depot Smart meter', register: 1, direction: 'import', quantity: 'kWh', days: 414 },
    ]);
  });

  it('misses 12 and 13 October and six half hours of the 14th, and flags estimated days', async () => {
    const days = await rows<{
      date: string;
      readings: number;
      estimated: number;
      quality: string | null;
    }>(sql`
      select read_date::text as date, readings, estimated_readings as estimated, quality from half_hour_days d
      join meters m on m.id = d.meter_id
      where m.local_name = 'Civic Library Smart meter' and register = 0
        and (quality is not null or read_date between '2026-10-11' and '2026-10-15')
      order by read_date`);
    expect(days.map((d) => [d.date, d.readings, d.estimated])).toEqual([
      ['2026-09-09', 48, 48],
      ['2026-10-11', 48, 0],
      ['2026-10-14', 42, 0],
      ['2026-10-15', 48, 0],
      ['2026-10-20', 48, 48],
      ['2026-10-21', 48, 20],
    ]);
    expect(days.find((d) => d.date === '2026-10-14')?.quality?.slice(18, 28)).toBe('AA      AA');
  });

  it("makes the smart meters' October an estimate with two days uncovered", async () => {
    const facts = await rows<{ name: string; estimated: boolean; covered: number; open: number }>(sql`
      select m.local_name as name, f.estimated, f.days_covered as covered, f.days_open as open
      from monthly_facts f join meters m on m.id = f.meter_id
      where m.smart_metering and f.month in ('2026-10-01') order by m.local_name`);
    expect(facts.map((f) => [f.estimated, f.covered, f.open])).toEqual([
      [true, 29, 31],
      [true, 29, 31],
      [true, 29, 31],
    ]);
  });

  it('adds the generator diesel, a transactional meter with cost, delivered every six weeks or so', async () => {
    const [meter] = await rows<{ type: number; deliveries: number; costed: number; late: number }>(sql`
      select m.meter_type as type, count(t.id)::int as deliveries, count(t.cost)::int as costed,
        count(*) filter (where t.tx_time >= '24:00')::int as late
      from meters m join transactions t on t.meter_id = m.id
      where m.local_name = 'Northern Depot Generator diesel' group by m.meter_type`);
    expect(meter?.type).toBe(9);
    expect(meter?.deliveries).toBeGreaterThan(20);
    expect(meter?.costed).toBe(meter?.deliveries);
    expect(meter?.late).toBe(1);
  });
});
