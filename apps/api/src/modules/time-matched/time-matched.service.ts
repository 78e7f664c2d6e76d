import type { GridSeriesList, NewGridSeries, TimeMatched } from '@verdant/contracts/time-matched';
import type { Db } from '@verdant/db/client';
import { sumFacts } from '@verdant/db/ledger/read-model';
import { addMonths, daysInMonth, fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { GHG_MESSAGES } from '@verdant/domain/ghg-figures';
import { GRID_MESSAGES, parseIntensityRows } from '@verdant/domain/grid-intensity';
import { MSG } from '@verdant/domain/messages';
import { compareWithAverage, type SlotDay, timeMatchedByMonth, totalOf } from '@verdant/domain/time-matched';
import { DEFAULT_TIME_ZONE, lastMonthIn, standardOffsetMinutes, todayIn } from '@verdant/domain/time-zone';
import { parse } from 'csv-parse/sync';
import { audit, created } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './time-matched.queries';

/**
 * Time-matched scope 2 (issue 18 point 6, docs/decisions.md): grid intensity series loaded by product
 * administrators, and a meter's half-hour kWh priced half-hour by half-hour at them (packages/domain/src/
 * time-matched.ts) beside the same kWh at the ledger's annual-average factor of each month.
 */

const whole = (n: number) => Math.round(n) || 0;
const oneDecimal = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

const toSeries = (s: q.SeriesRow) => ({
  id: s.id,
  name: s.name,
  source: s.source,
  sample: s.sample,
  intervalMinutes: s.interval_minutes,
  regionIds: s.region_ids,
  notes: s.notes,
  first: s.first,
  last: s.last,
  points: s.points,
});

/** Several registers of a day add up, half hour by half hour (a missing half hour stays missing). */
function byDay(rows: { date: string; kwh: (number | null)[] }[]): SlotDay[] {
  const days = new Map<string, (number | null)[]>();
  for (const r of rows) {
    const day = days.get(r.date);
    days.set(
      r.date,
      day
        ? day.map((v, i) => (v === null && r.kwh[i] == null ? null : (v ?? 0) + (r.kwh[i] ?? 0)))
        : [...r.kwh],
    );
  }
  return [...days.entries()].map(([date, kwh]) => ({ date, kwh }));
}

export function createTimeMatchedService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    async list(): Promise<GridSeriesList> {
      const [series, regions] = await Promise.all([q.listSeries(db), q.regions(db)]);
      return { series: series.map(toSeries), regions };
    },

    /** Loads a series from its CSV, whole or not at all (the first bad row named). */
    async create(a: Caller, body: NewGridSeries & { csv: string }) {
      let cells: string[][];
      try {
        cells = parse(body.csv, { bom: true, relax_column_count: true, skip_empty_lines: true });
      } catch (e) {
        const row = (e as { lines?: number }).lines ?? 1;
        throw badRequest(
          GRID_MESSAGES.row.replace('{row}', String(row)).replace('{reason}', 'not readable CSV'),
        );
      }
      const parsed = parseIntensityRows(cells);
      if (!parsed.ok) {
        const message = parsed.reason.startsWith('The file')
          ? parsed.reason
          : GRID_MESSAGES.row.replace('{row}', String(parsed.row)).replace('{reason}', parsed.reason);
        throw badRequest(message, { csv: [message] });
      }
      return db.transaction(async (tx) => {
        if (await q.seriesNameTaken(tx, body.name)) {
          throw new AppError('CONFLICT', GRID_MESSAGES.nameTaken, 409, { name: [GRID_MESSAGES.nameTaken] });
        }
        const values = {
          name: body.name,
          source: body.source,
          notes: body.notes ?? null,
          sample: body.sample ?? false,
          intervalMinutes: body.intervalMinutes,
          regionIds: [...new Set(body.regionIds)],
          uploadedBy: a.user.id,
        };
        const id = await q.insertSeries(tx, values, parsed.points);
        const { uploadedBy: _, ...recorded } = values;
        await audit(tx, a, {
          organisationId: null,
          action: 'create',
          asset: { type: 'grid-intensity-series', id, name: body.name },
          changes: created({ ...recorded, points: parsed.points.length }),
        });
        const [row] = (await q.listSeries(tx)).filter((s) => s.id === id);
        if (!row) throw notFound();
        return toSeries(row);
      });
    },

    async remove(a: Caller, id: number) {
      return db.transaction(async (tx) => {
        const removed = await q.deleteSeries(tx, id);
        if (!removed) throw notFound();
        await audit(tx, a, {
          organisationId: null,
          action: 'delete',
          asset: { type: 'grid-intensity-series', id, name: removed.name },
        });
        return { success: true as const };
      });
    },

    /** A meter's time-matched scope 2 by month over `from`..`to` (default: the last twelve complete months). */
    async meter(a: Caller, meterId: number, query: { from?: string; to?: string }): Promise<TimeMatched> {
      const organisationId = a.checked.organisationId;
      if (organisationId === null) throw notFound();
      const zone = (await q.timeZoneOf(db, organisationId)) ?? DEFAULT_TIME_ZONE;
      const today = todayIn(zone, clock());
      if (query.to && query.to > today.slice(0, 7))
        throw badRequest(GHG_MESSAGES.future, { to: [GHG_MESSAGES.future] });
      const till = query.to ? `${query.to}-01` : lastMonthIn(zone, clock());
      const from = query.from ? `${query.from}-01` : addMonths(till, -11);
      const meter = await q.meterSeries(db, organisationId, meterId);
      if (!meter) throw notFound();
      const empty = (message: string, series: TimeMatched['series'] = null): TimeMatched => ({
        meter: { id: meter.id, name: meter.name },
        from: from.slice(0, 7),
        to: till.slice(0, 7),
        series,
        months: [],
        totals: {
          kwh: 0,
          matchedKwh: 0,
          coverage: 0,
          timeMatchedKg: 0,
          averageKg: null,
          differenceKg: null,
          differencePercent: null,
        },
        message,
      });
      const lastDay = fromDayNumber(toDayNumber(till) + daysInMonth(till) - 1);
      const readings = byDay(await q.halfHourKwh(db, organisationId, meterId, from, lastDay));
      if (readings.length === 0) return empty(MSG.halfHourNone);
      const series =
        meter.series_id === null ? undefined : (await q.listSeries(db)).find((s) => s.id === meter.series_id);
      if (!series) {
        return empty(
          meter.region
            ? `No grid intensity series covers ${meter.region}, the region of this data source's site.`
            : "This data source's site has no region: set the site's region to match a grid intensity series.",
        );
      }
      const pick = {
        id: series.id,
        name: series.name,
        source: series.source,
        sample: series.sample,
        intervalMinutes: series.interval_minutes,
      };
      // A day's standard-time half hours lie within a day either side of its UTC date.
      const points = await q.points(
        db,
        series.id,
        (toDayNumber(from) - 1) * 86_400_000,
        (toDayNumber(lastDay) + 2) * 86_400_000,
      );
      const months = timeMatchedByMonth(readings, (year) => standardOffsetMinutes(zone, year), {
        intervalMinutes: series.interval_minutes,
        starts: points.map((p) => Number(p.t)),
        values: points.map((p) => Number(p.v)),
      });
      const ledger = new Map(
        (
          await sumFacts(db, { organisationId, by: ['month'], from, till, visible: [meterId], totals: false })
        ).map((r) => [`${r.month}`, r]),
      );
      // The annual average of a month is its ledger factor: location-based scope 2 per kWh, where every covered
      // day had a factor (else the month has no average to compare with).
      const rate = (month: string) => {
        const f = ledger.get(month);
        if (!f || f.cons <= 0 || f.co2e_days_factored < f.days_covered) return null;
        return f.scope2 / f.cons;
      };
      const compared = compareWithAverage(months, rate);
      const total = totalOf(compared);
      const coverage = (matched: number, all: number) => (all === 0 ? 0 : Math.floor((100 * matched) / all));
      return {
        meter: { id: meter.id, name: meter.name },
        from: from.slice(0, 7),
        to: till.slice(0, 7),
        series: pick,
        months: compared.map((m) => ({
          month: m.month.slice(0, 7),
          kwh: whole(m.kwh),
          matchedKwh: whole(m.matchedKwh),
          coverage: coverage(m.matchedHalfHours, m.halfHours),
          timeMatchedKg: whole(m.kg),
          averageRate: m.averageRate === null ? null : Math.round(m.averageRate * 1e6) / 1e6,
          averageKg: m.averageKg === null ? null : whole(m.averageKg),
          differenceKg: m.differenceKg === null ? null : whole(m.differenceKg),
          differencePercent: oneDecimal(m.differencePercent),
          ledgerScope2Kg: ledger.has(m.month) ? whole(ledger.get(m.month)?.scope2 ?? 0) : null,
        })),
        totals: {
          kwh: whole(total.kwh),
          matchedKwh: whole(total.matchedKwh),
          coverage: coverage(total.matchedHalfHours, total.halfHours),
          timeMatchedKg: whole(total.kg),
          averageKg: total.averageKg === null ? null : whole(total.averageKg),
          differenceKg: total.differenceKg === null ? null : whole(total.differenceKg),
          differencePercent: oneDecimal(total.differencePercent),
        },
        message: null,
      };
    },
  };
}

export type TimeMatchedService = ReturnType<typeof createTimeMatchedService>;
