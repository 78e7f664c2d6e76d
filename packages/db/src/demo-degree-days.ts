import { addMonths, daysInMonth, monthOf } from '@verdant/domain/calendar';
import type { DbOrTx } from './client';
import { demoWeather } from './demo-weather';
import { degreeDaySeries, degreeDays } from './schema/benchmarks';

/** The base temperature of the demo's series: CIBSE TM46's, so its fossil figures can be normalised. */
const BASE_C = 15.5;

/**
 * The demo organisation's heating degree days (docs/decisions/benchmark.md, Weather): each day's shortfall of
 * the demo weather's mean temperature below 15.5 °C, summed by month, for the 36 months of the demo ledger up to
 * the last complete month (months not yet lived have none).
 */
export async function seedDemoDegreeDays(
  tx: DbOrTx,
  { organisationId, today }: { organisationId: number; today: string },
) {
  const [series] = await tx
    .insert(degreeDaySeries)
    .values({
      organisationId,
      name: 'Wellington (demo weather)',
      baseC: BASE_C,
      source: 'Demo weather model: made up, shaped like Wellington',
    })
    .returning({ id: degreeDaySeries.id });
  if (!series) return;
  const last = addMonths(monthOf(today), -1);
  const rows: (typeof degreeDays.$inferInsert)[] = [];
  for (let i = 35; i >= 0; i--) {
    const month = addMonths(last, -i);
    let hdd = 0;
    for (let d = 1; d <= daysInMonth(month); d++)
      hdd += Math.max(0, BASE_C - demoWeather(`${month.slice(0, 8)}${String(d).padStart(2, '0')}`).meanC);
    rows.push({ organisationId, seriesId: series.id, month, hdd: Math.round(hdd * 10) / 10 });
  }
  await tx.insert(degreeDays).values(rows);
}
