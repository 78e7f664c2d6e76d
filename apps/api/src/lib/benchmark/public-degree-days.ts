import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

/**
 * The public heating degree days an entity falls back on when its organisation has no series of its own
 * (docs/decisions/public-datasets.md, The benchmark's weather from a public dataset): those of its site's region,
 * the datasets whose stated kind is heating. Bases and kinds are the columns the product administrator set,
 * never read from a name.
 */
export type PublicHeating = {
  id: number;
  name: string;
  baseC: number;
  source: string;
  sample: string | null;
};

/** The entity's site's region (its name), or null when the site has none. */
export async function entityRegion(
  db: DbOrTx,
  organisationId: number,
  entityId: number,
): Promise<{ id: number; name: string } | null> {
  const rows = await db.execute<{ id: number | null; name: string | null }>(sql`
    select s.region_id as id, r.descr as name
    from entities e
    join sites s on s.organisation_id = e.organisation_id and s.id = e.site_id
    left join lookup_items r on r.list = 'regions' and r.id = s.region_id
    where e.organisation_id = ${organisationId} and e.id = ${entityId}`);
  const row = rows.rows[0];
  if (!row || row.id === null) return null;
  return { id: row.id, name: row.name ?? `region ${row.id}` };
}

/** The region's heating degree-day datasets, lowest id first. */
export async function regionHeating(db: DbOrTx, regionId: number): Promise<PublicHeating[]> {
  const rows = await db.execute<PublicHeating>(sql`
    select id, name, base_c as "baseC", source, sample_note as sample
    from public_datasets
    where region_id = ${regionId} and degree_day_kind = 'heating' and base_c is not null
    order by id`);
  return rows.rows;
}

/** A dataset's degree days over the months from..till (yyyy-MM-01): their sum and how many months have one. */
export async function datasetHdd(
  db: DbOrTx,
  datasetId: number,
  from: string,
  till: string,
): Promise<{ hdd: number; months: number }> {
  const rows = await db.execute<{ hdd: number; months: number }>(sql`
    select coalesce(sum(value), 0)::float8 as hdd, count(*)::int as months
    from public_dataset_values
    where dataset_id = ${datasetId} and month between ${from}::date and ${till}::date`);
  return rows.rows[0] ?? { hdd: 0, months: 0 };
}
