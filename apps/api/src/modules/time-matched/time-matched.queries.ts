import type { DbOrTx } from '@verdant/db/client';
import { gridIntensitySeries } from '@verdant/db/schema/scope2';
import { sql } from 'drizzle-orm';

/** SQL of grid intensity series (public, like the catalogue) and a meter's half-hour kWh. */

export type SeriesRow = {
  id: number;
  name: string;
  source: string;
  sample: boolean;
  interval_minutes: number;
  region_ids: number[];
  notes: string | null;
  first: string | null;
  last: string | null;
  points: number;
};

export async function listSeries(db: DbOrTx) {
  const rows = await db.execute<SeriesRow>(sql`
    select s.id, s.name, s.source, s.sample, s.interval_minutes, s.region_ids, s.notes,
      to_char(min(p.starts_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as first,
      to_char(max(p.starts_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as last,
      count(p.starts_at)::int as points
    from grid_intensity_series s left join grid_intensity_points p on p.series_id = s.id
    group by s.id order by s.uploaded_at desc, s.id desc`);
  return rows.rows;
}

export async function regions(db: DbOrTx) {
  const rows = await db.execute<{ id: number; name: string }>(sql`
    select id, descr as name from lookup_items where list = 'regions' order by sort_order, id`);
  return rows.rows;
}

export async function seriesNameTaken(db: DbOrTx, name: string) {
  const rows = await db.execute(sql`select 1 from grid_intensity_series where lower(name) = lower(${name})`);
  return rows.rows.length > 0;
}

export async function insertSeries(
  db: DbOrTx,
  values: typeof gridIntensitySeries.$inferInsert,
  points: { startsAt: number; intensity: number }[],
) {
  const [row] = await db.insert(gridIntensitySeries).values(values).returning({ id: gridIntensitySeries.id });
  const id = row?.id ?? 0;
  // One statement for the whole file: the instants and intensities as two arrays.
  await db.execute(sql`
    insert into grid_intensity_points (series_id, starts_at, intensity)
    select ${id}, to_timestamp(t / 1000.0), v
    from unnest(${sql.param(points.map((p) => p.startsAt))}::float8[], ${sql.param(points.map((p) => p.intensity))}::float8[]) as x(t, v)`);
  return id;
}

export async function deleteSeries(db: DbOrTx, id: number) {
  const rows = await db.execute<{ name: string }>(
    sql`delete from grid_intensity_series where id = ${id} returning name`,
  );
  return rows.rows[0];
}

/** The meter (of the organisation) with its site's region and the newest series covering that region. */
export async function meterSeries(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<{
    id: number;
    name: string;
    region_id: number | null;
    region: string | null;
    series_id: number | null;
  }>(sql`
    select m.id, m.local_name as name, st.region_id, r.descr as region,
      (select s.id from grid_intensity_series s where st.region_id = any(s.region_ids)
        order by s.uploaded_at desc, s.id desc limit 1) as series_id
    from meters m
    join sites st on st.organisation_id = m.organisation_id and st.id = m.site_id
    left join lookup_items r on r.list = 'regions' and r.id = st.region_id
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
  const rows = await db.execute<{ date: string; kwh: (number | null)[] }>(sql`
    select d.read_date::text as date, d.kwh
    from half_hour_days d
    join half_hour_registers r on r.organisation_id = d.organisation_id and r.meter_id = d.meter_id
      and r.register = d.register
    where d.organisation_id = ${organisationId} and d.meter_id = ${meterId} and r.direction = 'import'
      and r.quantity = 'kWh' and d.read_date between ${from} and ${till}
    order by d.read_date, d.register`);
  return rows.rows;
}

export async function timeZoneOf(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ time_zone: string }>(
    sql`select time_zone from organisations where id = ${organisationId}`,
  );
  return rows.rows[0]?.time_zone;
}
