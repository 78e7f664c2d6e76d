import type { DbOrTx } from '@verdant/db/client';
import type { Figure } from '@verdant/domain/graphs/build';
import type { GraphQuantity } from '@verdant/domain/graphs/series';
import { sql } from 'drizzle-orm';

/**
 * Public datasets as indicators on a graph (source 'dataset'; docs/decisions/public-datasets.md, Indicators on
 * graphs): a dataset's monthly values drawn beside the asset's figures, the same whatever the asset. A month
 * the dataset has no value for is blank, never 0.
 */
export async function datasetQuantities(db: DbOrTx): Promise<GraphQuantity[]> {
  const rows = await db.execute<{ id: number; name: string; unit: string; sample: string | null }>(sql`
    select d.id, d.name, d.unit, d.sample_note as sample from public_datasets d
    where exists (select 1 from public_dataset_values v where v.dataset_id = d.id)
    order by d.collection_id, d.id`);
  return rows.rows.map((d) => ({
    source: 'dataset',
    type: 'units',
    id: d.id,
    filter: null,
    // A sample says so in every name its figures go by (legend, table, CSV).
    label: d.sample ? `${d.name}, sample data` : d.name,
    unit: d.unit,
    split: null,
  }));
}

/** A dataset's values by month ('yyyy-MM-01') over the range. */
export async function datasetFigures(
  db: DbOrTx,
  datasetId: number,
  range: { from: string; till: string },
): Promise<Map<string, Figure>> {
  const rows = await db.execute<{ month: string; value: number }>(sql`
    select month::text as month, value from public_dataset_values
    where dataset_id = ${datasetId} and month >= ${range.from}::date and month <= ${range.till}::date`);
  return new Map(
    rows.rows.map((r) => [r.month, { value: Number(r.value), incomplete: false, estimated: false }]),
  );
}

/** The dataset's unit, as the server knows it (null when there is no such dataset). */
export async function datasetUnit(db: DbOrTx, datasetId: number): Promise<string | null> {
  const rows = await db.execute<{ unit: string }>(
    sql`select unit from public_datasets where id = ${datasetId}`,
  );
  return rows.rows[0]?.unit ?? null;
}
