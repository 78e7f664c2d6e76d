import { publicDatasets, publicDatasetValues } from '@verdant/db/schema/public-datasets';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphWorld, graphWorld } from './graphs.fixture';

let w: GraphWorld;
let dataset = 0;
beforeAll(async () => {
  w = await graphWorld();
  const collection = await w.db.execute<{ id: number }>(
    sql`select id from public_dataset_collections where name = 'Degree days'`,
  );
  const [row] = await w.db
    .insert(publicDatasets)
    .values({
      collectionId: collection.rows[0]?.id ?? 0,
      name: 'Test HDD',
      unit: '°C·day',
      source: 'Test',
    })
    .returning({ id: publicDatasets.id });
  dataset = row?.id ?? 0;
  // September and October 2026 published; August left without a value.
  await w.db.insert(publicDatasetValues).values([
    { datasetId: dataset, month: '2026-09-01', value: 185 },
    { datasetId: dataset, month: '2026-10-01', value: 137.6 },
  ]);
});
afterAll(() => w.t.close());

const indicator = () => ({
  source: 'dataset',
  type: 'units',
  id: dataset,
  filter: null,
  label: 'Test HDD',
  unit: 'kWh',
});
const org = () => ({ type: 'organisation', id: w.org.id, text: 'Graphs Org' });

describe('public datasets as indicators on a graph', () => {
  it('offers each dataset with values among the quantities of any source', async () => {
    const res = await w.call('watcher', 'GET', `/sites/${w.sites.depot.id}/quantities-measured`);
    const offered = res.json().quantities.filter((q: { source: string }) => q.source === 'dataset');
    expect(offered).toEqual([
      {
        source: 'dataset',
        type: 'units',
        id: dataset,
        filter: null,
        label: 'Test HDD',
        unit: '°C·day',
        split: null,
      },
    ]);
  });

  it("draws the dataset's months beside the asset's, a month without a value blank, in the dataset's unit", async () => {
    const res = await w.call('admin', 'POST', `/organisations/${w.org.id}/graph-data`, {
      chart: 'yearly',
      period: 'month',
      years: [2026],
      endMonth: '2026-10',
      series: [
        { asset: org(), quantity: { type: 'cons', label: 'cons', unit: '' } },
        { asset: org(), quantity: indicator() },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const hdd = res.json().series[1];
    expect(hdd.unit).toBe('°C·day');
    expect(hdd.lines[0].values.slice(7, 12)).toEqual([null, 185, 137.6, null, null]);
  });

  it('refuses a split, a day graph and a dataset that does not exist, with a clear error', async () => {
    const split = await w.call('admin', 'POST', `/organisations/${w.org.id}/graph-data/assets-for-split`, {
      series: { asset: org(), quantity: indicator() },
    });
    expect(split.statusCode).toBe(400);
    const day = await w.call('admin', 'POST', `/organisations/${w.org.id}/graph-data`, {
      chart: 'timeseries',
      period: 'day',
      years: [2026],
      endMonth: '2026-10',
      series: [{ asset: org(), quantity: indicator() }],
    });
    expect(day.statusCode).toBe(400);
    const missing = await w.call('admin', 'POST', `/organisations/${w.org.id}/graph-data`, {
      chart: 'yearly',
      period: 'month',
      years: [2026],
      endMonth: '2026-10',
      series: [{ asset: org(), quantity: { ...indicator(), id: 999_999 } }],
    });
    expect(missing.statusCode).toBe(404);
  });
});
