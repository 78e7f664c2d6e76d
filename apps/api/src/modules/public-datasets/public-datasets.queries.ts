import type { Dataset } from '@verdant/contracts/public-datasets';
import type { DbOrTx } from '@verdant/db/client';
import { dateArray } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';

const DATASET = sql`d.id, d.collection_id as "collectionId", d.name, d.unit, d.region_id as "regionId", d.source,
  d.sample_note as sample, d.base_c as "baseC", d.degree_day_kind as "degreeDayKind",
  (select to_char(min(v.month), 'YYYY-MM') from public_dataset_values v where v.dataset_id = d.id) as "from",
  (select to_char(max(v.month), 'YYYY-MM') from public_dataset_values v where v.dataset_id = d.id) as "till"`;

export async function collections(db: DbOrTx) {
  return (
    await db.execute<{ id: number; name: string; description: string }>(
      sql`select id, name, description from public_dataset_collections order by name`,
    )
  ).rows;
}

export async function datasets(db: DbOrTx): Promise<Dataset[]> {
  return (
    await db.execute<Dataset>(sql`select ${DATASET} from public_datasets d order by d.collection_id, d.id`)
  ).rows;
}

/** The dataset of the collection (null when either is not there). */
export async function dataset(db: DbOrTx, collectionId: number, datasetId: number): Promise<Dataset | null> {
  const rows = await db.execute<Dataset>(sql`select ${DATASET} from public_datasets d
    where d.collection_id = ${collectionId} and d.id = ${datasetId}`);
  return rows.rows[0] ?? null;
}

export async function collectionExists(db: DbOrTx, collectionId: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from public_dataset_collections where id = ${collectionId}`);
  return rows.rows.length > 0;
}

export async function nameTaken(db: DbOrTx, collectionId: number, name: string): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from public_datasets
    where collection_id = ${collectionId} and lower(name) = lower(${name})`);
  return rows.rows.length > 0;
}

/** The values of a year's months that have one, by month number. */
export async function yearValues(db: DbOrTx, datasetId: number, year: number): Promise<Map<number, number>> {
  const rows = await db.execute<{ month: number; value: number }>(sql`
    select extract(month from month)::int as month, value from public_dataset_values
    where dataset_id = ${datasetId} and month >= make_date(${year}, 1, 1) and month < make_date(${year + 1}, 1, 1)`);
  return new Map(rows.rows.map((r) => [Number(r.month), Number(r.value)]));
}

/** Sets (or, with null, removes) months' values; answers the months' values before. */
export async function setMonths(
  db: DbOrTx,
  datasetId: number,
  months: { month: string; value: number | null }[],
  by: number,
) {
  const set = months.filter((m) => m.value !== null);
  const cleared = months.filter((m) => m.value === null).map((m) => m.month);
  if (cleared.length > 0)
    await db.execute(sql`delete from public_dataset_values
      where dataset_id = ${datasetId} and month = any(${dateArray(cleared)})`);
  for (let i = 0; i < set.length; i += 500) {
    const chunk = set.slice(i, i + 500);
    await db.execute(sql`insert into public_dataset_values (dataset_id, month, value)
      values ${sql.join(
        chunk.map((m) => sql`(${datasetId}, ${m.month}::date, ${m.value})`),
        sql`, `,
      )}
      on conflict (dataset_id, month) do update set value = excluded.value`);
  }
  await db.execute(
    sql`update public_datasets set updated_by = ${by}, updated_at = now() where id = ${datasetId}`,
  );
}
