import { addMonths, daysInMonth, monthOf } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { demoWeather } from './demo-weather';
import { publicDatasets, publicDatasetValues } from './schema/public-datasets';

/** The reference list's Wellington, the demo's region. */
const WELLINGTON = 9;
const SAMPLE = 'Made up from the demo weather model, not published figures';

/**
 * The demo's public datasets (docs/decisions/public-datasets.md, The demo's datasets): heating degree days
 * (base 15.5 °C) and cooling degree days (base 18 °C) for Wellington, summed by month from the demo weather
 * for the 36 months up to the last complete one (months not yet lived have none). Marked as a sample.
 */
export async function seedDemoPublicDatasets(tx: DbOrTx, { today }: { today: string }) {
  const collections = await tx.execute<{ id: number }>(
    sql`select id from public_dataset_collections where name = 'Degree days'`,
  );
  const collectionId = collections.rows[0]?.id;
  if (collectionId === undefined) return;
  const last = addMonths(monthOf(today), -1);
  for (const { name, base, kind } of [
    { name: 'Wellington heating degree days (15.5 °C)', base: 15.5, kind: 'heating' },
    { name: 'Wellington cooling degree days (18 °C)', base: 18, kind: 'cooling' },
  ] as const) {
    const shortfall = kind === 'heating';
    const [row] = await tx
      .insert(publicDatasets)
      .values({
        collectionId,
        name,
        unit: '°C·day',
        regionId: WELLINGTON,
        source: 'Demo weather model, shaped like Wellington',
        sample: SAMPLE,
        baseC: base,
        degreeDayKind: kind,
      })
      .onConflictDoNothing()
      .returning({ id: publicDatasets.id });
    if (!row) continue;
    const values: (typeof publicDatasetValues.$inferInsert)[] = [];
    for (let i = 35; i >= 0; i--) {
      const month = addMonths(last, -i);
      let sum = 0;
      for (let d = 1; d <= daysInMonth(month); d++) {
        const mean = demoWeather(`${month.slice(0, 8)}${String(d).padStart(2, '0')}`).meanC;
        sum += Math.max(0, shortfall ? base - mean : mean - base);
      }
      values.push({ datasetId: row.id, month, value: Math.round(sum * 10) / 10 });
    }
    await tx.insert(publicDatasetValues).values(values);
  }
}
