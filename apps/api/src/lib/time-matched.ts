import type { DbOrTx } from '@verdant/db/client';
import { sumFacts } from '@verdant/db/ledger/read-model';
import { daysInMonth, fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { MSG } from '@verdant/domain/messages';
import {
  type ComparedMonth,
  compareWithAverage,
  type SlotDay,
  timeMatchedByMonth,
} from '@verdant/domain/time-matched';
import { standardOffsetMinutes } from '@verdant/domain/time-zone';
import * as q from './time-matched.queries';

/**
 * Time-matched scope 2 of one meter (docs/decisions/scope2.md, Time-matched scope 2 is an analysis beside the
 * ledger), read once for its own call and for the graph builder: the meter's half-hour import kWh priced at
 * the newest grid intensity series covering its site's region, by month or by day, each beside the same kWh
 * at the ledger's annual-average factor of its month.
 */

export interface SeriesSummary {
  id: number;
  name: string;
  source: string;
  sample: boolean;
  intervalMinutes: number;
}

export interface TimeMatchedReading {
  meter: { id: number; name: string };
  series: SeriesSummary | null;
  /** Why there are no figures (no half-hour data, no series for the region), else null. */
  message: string | null;
  /** By month ('yyyy-MM-01') or day ('yyyy-MM-dd'), in order; the ledger's scope 2 of the month beside. */
  buckets: (ComparedMonth & { ledgerScope2Kg: number | null })[];
}

/** Several registers of a day add up, half hour by half hour (a missing half hour stays missing). */
function byDay(rows: { date: string; kwh: (number | null)[]; estimated: boolean }[]): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const r of rows) {
    const day = days.get(r.date);
    const kwh = day
      ? day.kwh.map((v, i) => (v === null && r.kwh[i] == null ? null : (v ?? 0) + (r.kwh[i] ?? 0)))
      : [...r.kwh];
    days.set(r.date, { date: r.date, kwh, estimated: (day?.estimated ?? false) || r.estimated });
  }
  return [...days.values()];
}

/**
 * Reads a meter of the organisation over whole months `from`..`till` ('yyyy-MM-01'), its half hours placed in
 * the organisation's zone; undefined: no such meter.
 */
export async function readTimeMatched(
  db: DbOrTx,
  org: { id: number; timeZone: string },
  meterId: number,
  range: { from: string; till: string },
  by: 'month' | 'day' = 'month',
): Promise<TimeMatchedReading | undefined> {
  const organisationId = org.id;
  const meter = await q.meterSeries(db, organisationId, meterId);
  if (!meter) return undefined;
  const answer = (message: string | null, series: SeriesSummary | null = null): TimeMatchedReading => ({
    meter: { id: meter.id, name: meter.name },
    series,
    message,
    buckets: [],
  });
  const lastDay = fromDayNumber(toDayNumber(range.till) + daysInMonth(range.till) - 1);
  const readings = byDay(await q.halfHourKwh(db, organisationId, meterId, range.from, lastDay));
  if (readings.length === 0) return answer(MSG.halfHourNone);
  if (meter.series_id === null) {
    return answer(
      meter.region
        ? `No grid intensity series covers ${meter.region}, the region of this data source's site.`
        : "This data source's site has no region: set the site's region to match a grid intensity series.",
    );
  }
  const series: SeriesSummary = {
    id: meter.series_id,
    name: meter.series_name ?? '',
    source: meter.series_source ?? '',
    sample: meter.series_sample ?? false,
    intervalMinutes: meter.series_interval ?? 60,
  };
  // A day's standard-time half hours lie within a day either side of its UTC date.
  const points = await q.points(
    db,
    series.id,
    (toDayNumber(range.from) - 1) * 86_400_000,
    (toDayNumber(lastDay) + 2) * 86_400_000,
  );
  const buckets = timeMatchedByMonth(
    readings,
    (year) => standardOffsetMinutes(org.timeZone, year),
    {
      intervalMinutes: series.intervalMinutes,
      starts: points.map((p) => Number(p.t)),
      values: points.map((p) => Number(p.v)),
    },
    by === 'day' ? (date) => date : undefined,
  );
  const facts = await sumFacts(db, {
    organisationId,
    by: ['month'],
    ...range,
    visible: [meterId],
    totals: false,
  });
  const ledger = new Map(facts.map((r) => [`${r.month}`, r]));
  const monthOf = (key: string) => `${key.slice(0, 7)}-01`;
  // The annual average of a month is its ledger factor: location-based scope 2 per kWh, where every covered
  // day had a factor (else the month has no average to compare with, never a zero).
  const rate = (key: string) => {
    const f = ledger.get(monthOf(key));
    if (!f || f.cons <= 0 || f.co2e_days_factored < f.days_covered) return null;
    return f.scope2 / f.cons;
  };
  return {
    ...answer(null, series),
    buckets: compareWithAverage(buckets, rate).map((b) => ({
      ...b,
      ledgerScope2Kg: by === 'month' && ledger.has(b.month) ? (ledger.get(b.month)?.scope2 ?? 0) : null,
    })),
  };
}

/** The grid intensity series a meter's site's region has, if any (whether it is a sample, to say so). */
export async function timeMatchedSeries(db: DbOrTx, organisationId: number, meterId: number) {
  const meter = await q.meterSeries(db, organisationId, meterId);
  if (!meter || meter.series_id === null) return null;
  return { id: meter.series_id, name: meter.series_name ?? '', sample: meter.series_sample ?? false };
}
