import type { GraphSeriesDef } from '@verdant/contracts/graphs';
import type { DbOrTx } from '@verdant/db/client';
import { daysInMonth } from '@verdant/domain/calendar';
import type { Figure } from '@verdant/domain/graphs/build';
import { badRequest, notFound } from '../../lib/errors';
import { readTimeMatched } from '../../lib/time-matched';

export const TIME_MATCHED_METER_ONLY =
  'Time-matched scope 2 is shown for one data source with half-hour data';

/**
 * A time-matched series' figures (source 'time-matched'; docs/decisions/graphs.md, Time-matched scope 2 in
 * the builder): by month ('yyyy-MM-01') or day, the time-matched kg (`filter` 'matched'), the same half hours
 * at the annual average ('average') or the difference ('difference'). A figure is incomplete where half hours
 * are missing, where the series does not cover them, or where the month has no average to compare with;
 * estimated where a half hour was.
 */
export async function timeMatchedFigures(
  db: DbOrTx,
  org: { id: number; timeZone: string },
  series: Pick<GraphSeriesDef, 'asset' | 'quantity'>,
  range: { from: string; till: string },
  by: 'month' | 'day',
): Promise<Map<string, Figure>> {
  if (series.asset.type !== 'meter') throw badRequest(TIME_MATCHED_METER_ONLY);
  const reading = await readTimeMatched(db, org, series.asset.id, range, by);
  if (!reading) throw notFound();
  const figure = series.quantity.filter;
  const figures = new Map<string, Figure>();
  for (const b of reading.buckets) {
    const expected = 48 * (by === 'day' ? 1 : daysInMonth(b.month));
    const value = figure === 'average' ? b.averageKg : figure === 'difference' ? b.differenceKg : b.kg;
    figures.set(b.month, {
      value: value ?? 0,
      incomplete: b.halfHours < expected || b.matchedHalfHours < b.halfHours || value === null,
      estimated: b.estimated,
    });
  }
  return figures;
}
