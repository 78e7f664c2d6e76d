import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

/** SQL of time-matched scope 2 (shared by its own calls and the graph builder): the meter's series and readings. */

/** The meter (of the organisation) with its site's region and the newest series covering that region. */
export async function meterSeries(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<{
    id: number;
    name: string;
    region_id: number | null;
    region: string | null;
    series_id: number | null;
    series_name: string | null;
    series_source: string | null;
    series_sample: boolean | null;
    series_interval: number | null;
  }>(sql`
    select m.id, m.local_name as name, st.region_id, r.descr as region, s.id as series_id, s.name as series_name,
      s.source as series_source, s.sample as series_sample, s.interval_minutes as series_interval
    from meters m
    join sites st on st.organisation_id = m.organisation_id and st.id = m.site_id
    left join lookup_items r on r.list = 'regions' and r.id = st.region_id
    left join lateral (select * from grid_intensity_series s where st.region_id = any(s.region_ids)
      order by s.uploaded_at desc, s.id desc limit 1) s on true
    where m.organisation_id = ${organisationId} and m.id = ${meterId}`);
  return rows.rows[0];
}

/** The series' intervals from `from` to `till` (UTC ms), in order. */
export async function points(db: DbOrTx, seriesId: number, from: number, till: number) {
  const rows = await db.execute<{ t: number; v: number }>(sql`
    select (extract(epoch from starts_at) * 1000)::float8 as t, intensity as v from grid_intensity_points
    where series_id = ${seriesId} and starts_at >= to_timestamp(${from} / 1000.0)
      and starts_at < to_timestamp(${till} / 1000.0)
    order by starts_at`);
  return rows.rows;
}

/** A meter's half-hour kWh of its import registers per day and register, from `from` to `till` (dates). */
export async function halfHourKwh(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  from: string,
  till: string,
) {
  const rows = await db.execute<{ date: string; kwh: (number | null)[]; estimated: boolean }>(sql`
    select d.read_date::text as date, d.kwh, d.estimated_readings > 0 as estimated
    from half_hour_days d
    join half_hour_registers r on r.organisation_id = d.organisation_id and r.meter_id = d.meter_id
      and r.register = d.register
    where d.organisation_id = ${organisationId} and d.meter_id = ${meterId} and r.direction = 'import'
      and r.quantity = 'kWh' and d.read_date between ${from} and ${till}
    order by d.read_date, d.register`);
  return rows.rows;
}
