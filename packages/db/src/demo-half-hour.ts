import { addMonths, fromDayNumber, monthOf, toDayNumber } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { demoMeterDay, halfHourKwh } from './demo-load-profiles';
import { recomputeFacts } from './ledger/recompute';
import { halfHourDays, halfHourRegisters } from './schema/half-hours';

type Direction = 'import' | 'export';
type Quantity = 'kWh' | 'kVArh';

/**
 * The three smart meters' second registers, estimated days and a gap (docs/decisions/demo.md, Interval data
 * extras), added over the half-hour data of the demo ledger (standard-time days, register 0 'Unspecified'):
 *   Civic Library: register 2 exports what the library does not use of its 8 kW of rooftop solar (mostly at
 *   weekends);
 *   Southern Depot: register 1 imports the night-rate hot water (3 kW from 23:00 to 07:00);
 *   Head Office EV chargers: register 3 records reactive energy (kVArh, 30% of the kWh).
 * In the last complete month every meter misses two whole days (a communications fault), six half hours of
 * another day, and has a day of substituted and a day of partly estimated readings, as a metering provider's
 * file marks them (quality S and E); one day in the month before has final substituted readings (F).
 */
export async function seedDemoHalfHour(
  db: DbOrTx,
  { organisationId, today }: { organisationId: number; today: string },
) {
  const smart = await db.execute<{ id: number; local_name: string }>(sql`
    select id, local_name from meters where organisation_id = ${organisationId}
      and local_name in ('Civic Library Smart meter', 'Southern Depot Smart meter', 'Head Office EV chargers')`);
  const lastMonth = addMonths(monthOf(today), -1);
  const day = (month: string, n: number) => fromDayNumber(toDayNumber(month) + n - 1);
  for (const meter of smart.rows) {
    const days = await db.execute<{ read_date: string; kwh: number[] }>(sql`
      select read_date::text, kwh from half_hour_days where meter_id = ${meter.id} and register = 0 order by read_date`);
    const second = SECOND[meter.local_name];
    if (!second) continue;
    await db.execute(sql`update meters set load_group = ${second.loadGroupKva} where id = ${meter.id}`);
    await db.insert(halfHourRegisters).values({
      organisationId,
      meterId: meter.id,
      register: second.register,
      direction: second.direction,
      quantity: second.quantity,
    });
    const rows = days.rows.map((d) => {
      const values = second.values(d.read_date, d.kwh);
      return {
        meterId: meter.id,
        organisationId,
        register: second.register,
        readDate: d.read_date,
        kwh: values,
        dayKwh: values.reduce((a, b) => a + b, 0),
        readings: 48,
      };
    });
    for (let i = 0; i < rows.length; i += 500) await db.insert(halfHourDays).values(rows.slice(i, i + 500));

    // The gap: two whole days gone, and six half hours of the day after.
    await db.execute(sql`delete from half_hour_days where meter_id = ${meter.id}
      and read_date in (${day(lastMonth, 12)}, ${day(lastMonth, 13)})`);
    await db.execute(sql`update half_hour_days set
        kwh[21:26] = array[null, null, null, null, null, null]::real[],
        kw[21:26] = array[null, null, null, null, null, null]::real[],
        pf[21:26] = array[null, null, null, null, null, null]::real[],
        quality = repeat('A', 20) || repeat(' ', 6) || repeat('A', 22),
        readings = 42,
        day_kwh = (select coalesce(sum(v), 0) from unnest(kwh[1:20] || kwh[27:48]) v)
      where meter_id = ${meter.id} and register = 0 and read_date = ${day(lastMonth, 14)}`);
    // Substituted, partly estimated, and final substituted days.
    const flag = async (date: string, quality: string) =>
      db.execute(sql`update half_hour_days set quality = ${quality},
          estimated_readings = ${[...quality].filter((q) => q !== 'A' && q !== ' ').length}
        where meter_id = ${meter.id} and register = 0 and read_date = ${date}`);
    await flag(day(lastMonth, 20), 'S'.repeat(48));
    await flag(day(lastMonth, 21), `${'A'.repeat(16)}${'E'.repeat(20)}${'A'.repeat(12)}`);
    await flag(day(addMonths(lastMonth, -1), 9), 'F'.repeat(48));
  }
  await recomputeFacts(
    db,
    smart.rows.map((m) => m.id),
    today,
  );
}

interface Second {
  /** The connection's capacity (the meter's load group), kVA. */
  loadGroupKva: number;
  register: number;
  direction: Direction;
  quantity: Quantity;
  values: (date: string, main: number[]) => number[];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

const SECOND: Record<string, Second> = {
  'Civic Library Smart meter': {
    loadGroupKva: 30,
    register: 2,
    direction: 'export',
    quantity: 'kWh',
    // What the library does not use of its 8 kW of rooftop solar, on the demo's weather.
    values: (date) => halfHourKwh(demoMeterDay('Civic Library Smart meter', date).exportKw),
  },
  'Southern Depot Smart meter': {
    loadGroupKva: 50,
    register: 1,
    direction: 'import',
    quantity: 'kWh',
    values: () => Array.from({ length: 48 }, (_, hh) => (hh >= 46 || hh < 14 ? 1.5 : 0)),
  },
  'Head Office EV chargers': {
    loadGroupKva: 20,
    register: 3,
    direction: 'import',
    quantity: 'kVArh',
    values: (_, main) => main.map((v) => round3(v * 0.3)),
  },
};
