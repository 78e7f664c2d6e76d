import type {
  GraphData,
  GraphSeriesDef,
  graphDataRequest,
  PieData,
  pieDataRequest,
  QuantitiesMeasured,
} from '@verdant/contracts/graphs';
import type { Db } from '@verdant/db/client';
import { type DayQuery, sumHalfHourDays } from '@verdant/db/ledger/day-sums';
import { type FactQuery, sumFactsBatch } from '@verdant/db/ledger/read-model';
import { daysBetween } from '@verdant/domain/calendar';
import { GRAPH_DAYS_MAX } from '@verdant/domain/constants';
import { type Figure, graphAxis, monthsToRead, seriesLines } from '@verdant/domain/graphs/build';
import { groupSmallSlices, isOthers } from '@verdant/domain/graphs/pie';
import { barLayout, type GraphQuantity, type SplitKind, seriesName } from '@verdant/domain/graphs/series';
import { fill, MSG } from '@verdant/domain/messages';
import type { z } from 'zod';
import { round } from '../../lib/asset-graph';
import { badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import { datasetFigures, datasetUnit } from './dataset-figures';
import { figureOf, measuresOf } from './fact-figures';
import { seriesEditions, seriesRestatements } from './graph-editions';
import {
  ownFigures,
  quantitiesMeasured,
  resolveSources,
  type Source,
  sourceOf,
  splitParts,
  unitOf,
} from './graph-sources';
import * as q from './graphs.queries';
import { timeMatchedFigures } from './time-matched-figures';

type GraphRequest = z.output<typeof graphDataRequest>;
type PieRequest = z.output<typeof pieDataRequest>;

const placesOf = (unit: string) => (unit === '$' ? 2 : 3);
/** What a series without meters reads (a public dataset's): no facts. */
const NO_METERS: Source = { meters: [], listed: [] };

/** The read-model query of one series over a range of months. */
function factQuery(
  organisationId: number,
  series: Pick<GraphSeriesDef, 'asset' | 'quantity'>,
  source: Source,
  range: { from: string; till: string },
): FactQuery {
  const own = ownFigures(series.asset.type);
  const quantity = series.quantity;
  const entity = series.asset.type === 'entity';
  return {
    organisationId,
    by: entity ? ['entity', 'month'] : ['month'],
    ...range,
    visible: source.meters,
    ...(entity ? { entityIds: [series.asset.id] } : {}),
    ...(quantity.id !== null ? { energyIds: [quantity.id] } : {}),
    // A meter's own figures take every data type: its energy is counted only in kWh.
    ...(quantity.filter !== null
      ? { stdUnit: quantity.filter }
      : own && quantity.type === 'cons'
        ? { stdUnit: 'kWh' }
        : {}),
    totals: !own,
  };
}

/** The organisation's calendar, and the end month refused when it is after this month there. */
function calendar(a: Caller, endMonth?: string) {
  const { reportingYearEnd: yearEnd, currentMonth: thisMonth } = orgOf(a);
  if (endMonth !== undefined && `${endMonth}-01` > thisMonth) throw badRequest(MSG.graphEndMonthFuture);
  return { yearEnd, thisMonth };
}

export function createGraphsService({ db }: { db: Db }) {
  async function sourcesOf(a: Caller, organisationId: number, assets: GraphSeriesDef['asset'][]) {
    return resolveSources(db, a, organisationId, assets);
  }

  /** Day figures of each series from the half-hour readings. */
  async function dayFigures(
    organisationId: number,
    request: GraphRequest,
    sources: Map<string, Source>,
    range: { from: string; till: string },
  ) {
    if (request.chart !== 'timeseries') throw badRequest(MSG.graphDayNeedsTimeseries);
    for (const s of request.series) {
      const kwh = s.quantity.type === 'cons' || (s.quantity.type === 'units' && s.quantity.filter === 'kWh');
      if (!kwh && s.quantity.source !== 'time-matched') throw badRequest(MSG.graphDayNeedsConsumption);
    }
    const till = new Date(Date.UTC(Number(range.till.slice(0, 4)), Number(range.till.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    if (daysBetween(range.from, till) > GRAPH_DAYS_MAX)
      throw badRequest(fill(MSG.graphDayRange, { max: GRAPH_DAYS_MAX }));
    const queries: DayQuery[] = request.series.map((s) => ({
      organisationId,
      meterIds: sourceOf(sources, s.asset).listed,
      from: range.from,
      till,
      totals: !ownFigures(s.asset.type),
    }));
    const answers = await sumHalfHourDays(db, queries);
    return answers.map(({ days, meters }) => {
      const map = new Map<string, Figure>();
      for (const d of days)
        map.set(d.day, { value: d.kwh, incomplete: d.short || d.meters < meters, estimated: d.estimated });
      return map;
    });
  }

  return {
    /** POST /organisations/{orgId}/graph-data. */
    async graphData(a: Caller, organisationId: number, request: GraphRequest): Promise<GraphData> {
      const { yearEnd } = calendar(a, request.endMonth);
      const sources = await sourcesOf(
        a,
        organisationId,
        request.series.map((s) => s.asset),
      );
      const shape = { ...request, endMonth: `${request.endMonth}-01`, yearEnd };
      const forecasting = request.series.some((s) => s.forecast) && request.period !== 'day';
      const range = monthsToRead(shape, forecasting);
      const axis = graphAxis(shape, forecasting);
      const typeIds = request.series.flatMap((s) =>
        s.quantity.id === null || s.quantity.source === 'dataset' ? [] : [s.quantity.id],
      );
      const emissionSeries = request.series.map((s) => ({
        quantity: s.quantity,
        query: factQuery(organisationId, s, sourceOf(sources, s.asset), range),
      }));
      const [figures, pending, units, editions, restatements] = await Promise.all([
        request.period === 'day'
          ? dayFigures(organisationId, request, sources, range)
          : sumFactsBatch(
              db,
              // A public dataset's series reads no facts (no meter): its months are read below.
              request.series.map((s) => ({
                ...factQuery(
                  organisationId,
                  s,
                  s.quantity.source === 'dataset' ? NO_METERS : sourceOf(sources, s.asset),
                  range,
                ),
                measures: measuresOf(s.quantity as GraphQuantity),
              })),
            ).then((all) =>
              all.map((rows, i) => {
                const quantity = request.series[i]?.quantity as GraphQuantity;
                return new Map(rows.map((r) => [r.month ?? '', figureOf(quantity, r)]));
              }),
            ),
        q.pendingMeters(db, organisationId, null),
        q.dataTypeUnits(db, organisationId, typeIds),
        seriesEditions(db, emissionSeries),
        seriesRestatements(db, emissionSeries),
      ]);
      // A public dataset's series are its own months, in its own unit.
      const datasetUnits = new Map<number, string>();
      for (const [i, s] of request.series.entries()) {
        if (s.quantity.source !== 'dataset' || s.quantity.id === null) continue;
        const unit = await datasetUnit(db, s.quantity.id);
        if (unit === null) throw notFound();
        datasetUnits.set(i, unit);
        figures[i] = await datasetFigures(db, s.quantity.id, range);
      }
      // Time-matched series read the half hours themselves, by day or by month.
      for (const [i, s] of request.series.entries()) {
        if (s.quantity.source !== 'time-matched') continue;
        const by = request.period === 'day' ? 'day' : 'month';
        figures[i] = await timeMatchedFigures(db, orgOf(a), s, range, by);
      }
      const built = request.series.map((s, i) => {
        const unit = datasetUnits.get(i) ?? unitOf(s.quantity as GraphQuantity, units);
        const places = placesOf(unit);
        const name = seriesName(s);
        const lines = seriesLines(shape, axis, { ...s, name, unit }, figures[i] ?? new Map(), (n) =>
          round(n, places),
        );
        const listed = sourceOf(sources, s.asset).listed;
        return { s, name, unit, lines, unavailable: listed.some((m) => pending.has(m)) };
      });
      const layout = barLayout(built.map((b) => ({ barline: b.s.barline, lines: b.lines.length })));
      return {
        chart: request.chart,
        period: request.period,
        yearEnd,
        endMonth: request.endMonth,
        keys: axis.keys,
        labels: axis.labels,
        series: built.map((b, i) => ({
          index: i,
          name: b.name,
          unit: b.unit,
          kind: layout[i]?.kind ?? 'line',
          demoted: layout[i]?.demoted ?? false,
          presentation: b.s.presentation,
          lines: b.lines,
          unavailable: b.unavailable,
        })),
        editions,
        restatements,
      };
    },

    /** GET /{assetKind}/{id}/quantities-measured and /stdunits-measured. */
    async measured(a: Caller, asset: q.AssetRef, standardUnits: boolean): Promise<QuantitiesMeasured> {
      return quantitiesMeasured(db, a, orgOf(a).id, asset, standardUnits);
    },

    /** POST /organisations/{orgId}/graph-data/{type}s-for-split. */
    async split(a: Caller, organisationId: number, series: GraphSeriesDef, kind: SplitKind) {
      return splitParts(db, a, organisationId, series, kind);
    },

    /** POST /organisations/{orgId}/pie-data: the parts of the source summed over the period. */
    async pieData(a: Caller, organisationId: number, request: PieRequest): Promise<PieData> {
      const { from, to } = request.period;
      if (from > to) throw badRequest('The period must start before it ends');
      calendar(a, to);
      const base: GraphSeriesDef = {
        asset: request.asset,
        quantity: request.quantity,
        presentation: 'normal',
        barline: 'bar',
        forecast: false,
        removeLast: false,
        overrideName: null,
      };
      const { parts } = await splitParts(db, a, organisationId, base, request.split);
      const sources = await sourcesOf(
        a,
        organisationId,
        parts.map((p) => p.series.asset),
      );
      const range = { from: `${from}-01`, till: `${to}-01` };
      const queries: FactQuery[] = parts.map((p) => ({
        ...factQuery(organisationId, p.series, sourceOf(sources, p.series.asset), range),
        by: p.series.asset.type === 'entity' ? ['entity'] : [],
      }));
      const pieSeries = queries.map((query) => ({ quantity: request.quantity, query }));
      const measures = measuresOf(request.quantity as GraphQuantity);
      const [sums, pending, units, editions, restatements] = await Promise.all([
        sumFactsBatch(
          db,
          queries.map((query) => ({ ...query, measures })),
        ),
        q.pendingMeters(db, organisationId, null),
        q.dataTypeUnits(db, organisationId, request.quantity.id === null ? [] : [request.quantity.id]),
        seriesEditions(db, pieSeries),
        seriesRestatements(db, pieSeries),
      ]);
      const unit = unitOf(request.quantity as GraphQuantity, units);
      const places = placesOf(unit);
      const slices = parts.map((p, i) => {
        const rows = sums[i] ?? [];
        const figure = rows.map((r) => figureOf(p.series.quantity as GraphQuantity, r));
        return {
          name: p.name,
          value: round(
            figure.reduce((s, x) => s + x.value, 0),
            places,
          ),
          incomplete: figure.some((x) => x.incomplete),
          estimated: figure.some((x) => x.estimated),
        };
      });
      const grouped = groupSmallSlices(slices);
      const listed = parts.flatMap((p) => sourceOf(sources, p.series.asset).listed);
      return {
        unit,
        total: round(grouped.total, places),
        slices: grouped.slices.map((s) => (isOthers(s) ? { ...s, value: round(s.value, places) } : s)),
        left: grouped.left,
        unavailable: listed.some((m) => pending.has(m)),
        editions,
        restatements,
      };
    },
  };
}

export type GraphsService = ReturnType<typeof createGraphsService>;
