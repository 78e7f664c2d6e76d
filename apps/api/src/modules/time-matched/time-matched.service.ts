import type { GridSeriesList, NewGridSeries, TimeMatched } from '@verdant/contracts/time-matched';
import type { Db } from '@verdant/db/client';
import { addMonths } from '@verdant/domain/calendar';
import { GHG_MESSAGES } from '@verdant/domain/ghg-figures';
import { GRID_MESSAGES, parseIntensityRows } from '@verdant/domain/grid-intensity';
import { totalOf } from '@verdant/domain/time-matched';
import { parse } from 'csv-parse/sync';
import { audit, created } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { readTimeMatched } from '../../lib/time-matched';
import type { Caller } from '../../plugins/auth';
import * as q from './time-matched.queries';

/**
 * Time-matched scope 2 (docs/decisions/scope2.md, Time-matched scope 2 is an analysis beside the ledger):
 * grid intensity series loaded by product administrators, and a meter's half-hour kWh priced half-hour by
 * half-hour at them (packages/domain/src/time-matched.ts) beside the same kWh at the ledger's annual-average
 * factor of each month.
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

export function createTimeMatchedService({ db }: { db: Db }) {
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
      const org = orgOf(a);
      if (query.to && query.to > org.today.slice(0, 7)) {
        throw badRequest(GHG_MESSAGES.future, { to: [GHG_MESSAGES.future] });
      }
      const till = query.to ? `${query.to}-01` : org.lastCompleteMonth;
      const from = query.from ? `${query.from}-01` : addMonths(till, -11);
      const reading = await readTimeMatched(db, org, meterId, { from, till });
      if (!reading) throw notFound();
      const total = totalOf(reading.buckets);
      const coverage = (matched: number, all: number) => (all === 0 ? 0 : Math.floor((100 * matched) / all));
      const kg = (n: number | null) => (n === null ? null : whole(n));
      return {
        meter: reading.meter,
        from: from.slice(0, 7),
        to: till.slice(0, 7),
        series: reading.series,
        months: reading.buckets.map((m) => ({
          month: m.month.slice(0, 7),
          kwh: whole(m.kwh),
          matchedKwh: whole(m.matchedKwh),
          coverage: coverage(m.matchedHalfHours, m.halfHours),
          timeMatchedKg: whole(m.kg),
          averageRate: m.averageRate === null ? null : Math.round(m.averageRate * 1e6) / 1e6,
          averageKg: kg(m.averageKg),
          differenceKg: kg(m.differenceKg),
          differencePercent: oneDecimal(m.differencePercent),
          ledgerScope2Kg: kg(m.ledgerScope2Kg),
        })),
        totals: {
          kwh: whole(total.kwh),
          matchedKwh: whole(total.matchedKwh),
          coverage: coverage(total.matchedHalfHours, total.halfHours),
          timeMatchedKg: whole(total.kg),
          averageKg: kg(total.averageKg),
          differenceKg: kg(total.differenceKg),
          differencePercent: oneDecimal(total.differencePercent),
        },
        message: reading.message,
      };
    },
  };
}

export type TimeMatchedService = ReturnType<typeof createTimeMatchedService>;
