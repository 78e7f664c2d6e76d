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
