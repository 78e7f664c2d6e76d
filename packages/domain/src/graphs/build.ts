import { addMonths } from '../calendar';
import type { GraphLine } from './completeness';
import {
  type Bucket,
  dayBuckets,
  type GraphChart,
  type GraphPeriod,
  positionInYear,
  timeseriesBuckets,
  yearLabel,
  yearlyCategories,
  yearMonths,
  yearOf,
  yearStart,
} from './periods';
import { cumulative, forecastYear, sumOrNull } from './transforms';

/** A month's figure of a series from the ledger, with its completeness. */
export interface Figure {
  value: number;
  incomplete: boolean;
  estimated: boolean;
}

/** A line as the graph answers it. */
export interface BuiltLine extends GraphLine {
  year: number | null;
  values: (number | null)[];
  incomplete: boolean[];
  estimated: boolean[];
  forecast: (number | null)[] | null;
}

export interface GraphShape {
  chart: GraphChart;
  period: GraphPeriod;
  years: readonly number[];
  /** 'yyyy-MM-01'. */
  endMonth: string;
  yearEnd: number;
}

export interface SeriesShape {
  name: string;
  unit: string;
  presentation: 'normal' | 'cumulative';
  forecast: boolean;
  removeLast: boolean;
}

/** The x axis and, per line, the months (or days) of each of its points. */
export interface Axis {
  keys: string[];
  labels: string[];
  /** One entry per line: the year (Yearly Chart) or null, and each point's bucket. */
  lines: { year: number | null; buckets: Bucket[] }[];
}

/**
 * The axis of a graph. A Yearly Chart has a line per year over the positions of the year; a Timeseries Chart
 * one line from the first year's start to the end month, or to the end of that year when a series forecasts.
 */
export function graphAxis(shape: GraphShape, forecasting: boolean): Axis {
  const { chart, period, yearEnd } = shape;
  const first = yearStart(Math.min(...shape.years), yearEnd);
  if (period === 'day') {
    const buckets = dayBuckets(first, shape.endMonth);
    return {
      keys: buckets.map((b) => b.key),
      labels: buckets.map((b) => b.label),
      lines: [{ year: null, buckets }],
    };
  }
  if (chart === 'timeseries') {
    const till = forecasting
      ? (yearMonths(yearOf(shape.endMonth, yearEnd), yearEnd)[11] ?? shape.endMonth)
      : shape.endMonth;
    const buckets = timeseriesBuckets(first, till, period, yearEnd);
    return {
      keys: buckets.map((b) => b.key),
      labels: buckets.map((b) => b.label),
      lines: [{ year: null, buckets }],
    };
  }
  const categories = yearlyCategories(period, yearEnd);
  const years = [...new Set(shape.years)].sort((a, b) => a - b);
  return {
    keys: categories,
    labels: categories,
    lines: years.map((year) => {
      const buckets: Bucket[] = categories.map((label) => ({ key: label, label, months: [] }));
      for (const m of yearMonths(year, yearEnd)) buckets[positionInYear(m, period, yearEnd)]?.months.push(m);
      return { year, buckets };
    }),
  };
}

/** The months a graph reads from the ledger, including the prior year a forecast grows from. */
export function monthsToRead(shape: GraphShape, forecasting: boolean): { from: string; till: string } {
  const first = Math.min(...shape.years);
  const lastYear =
    shape.chart === 'yearly' ? Math.max(...shape.years) : yearOf(shape.endMonth, shape.yearEnd);
  const from = yearStart(forecasting ? Math.min(first, lastYear - 1) : first, shape.yearEnd);
  const yearly = yearMonths(Math.max(...shape.years), shape.yearEnd)[11] ?? shape.endMonth;
  const till = shape.chart === 'yearly' && yearly < shape.endMonth ? yearly : shape.endMonth;
  return { from, till };
}

const anyOf = (months: readonly string[], test: (m: string) => boolean) => months.some(test);

/**
 * A series' lines: each point adds up its months (null when none has a figure), is incomplete or estimated
 * when one of its figures is, then the forecast of the last year and the cumulative presentation apply.
 * `figures` holds the ledger's months ('yyyy-MM-01') or, for the Day period, days ('yyyy-MM-dd').
 */
export function seriesLines(
  shape: GraphShape,
  axis: Axis,
  series: SeriesShape,
  figures: ReadonlyMap<string, Figure>,
  round: (n: number) => number,
): BuiltLine[] {
  const day = shape.period === 'day';
  const lastMonth = series.removeLast ? addMonths(shape.endMonth, -1) : shape.endMonth;
  const figureOf = (key: string) => {
    const month = day ? `${key.slice(0, 7)}-01` : key;
    return month > lastMonth ? undefined : figures.get(key);
  };
  const figureValue = (key: string) => figureOf(key)?.value ?? null;
  const forecastMonths = new Map<string, number>();
  if (series.forecast && !day) {
    const lastYear = shape.chart === 'yearly' ? Math.max(...shape.years) : yearOf(lastMonth, shape.yearEnd);
    const last = yearMonths(lastYear, shape.yearEnd);
    const prior = yearMonths(lastYear - 1, shape.yearEnd);
    // Trailing months still incomplete (this month, a bill not in yet) are forecast too, not grown from; when
    // every month is incomplete (cost without rates for some days, say), only the last one is.
    const known = last.map(figureValue);
    const partial = (i: number) => known[i] !== null && figureOf(last[i] ?? '')?.incomplete === true;
    const lastFigure = known.reduce<number>((at, v, i) => (v === null ? at : i), -1);
    let complete = lastFigure;
    while (complete >= 0 && (known[complete] === null || partial(complete))) complete -= 1;
    for (let i = lastFigure; i > complete && i >= 0; i -= 1) {
      if (partial(i)) known[i] = null;
      if (complete < 0) break;
    }
    const forecast = forecastYear(known, prior.map(figureValue));
    forecast?.forEach((v, i) => {
      const m = last[i];
      if (v !== null && m) forecastMonths.set(m, v);
    });
  }
  return axis.lines.map(({ year, buckets }) => {
    const keysOf = (b: Bucket) => (day ? [b.key] : b.months);
    const values = buckets.map((b) => sumOrNull(keysOf(b).map(figureValue)));
    const incomplete = buckets.map((b) => anyOf(keysOf(b), (k) => figureOf(k)?.incomplete === true));
    const estimated = buckets.map((b) => anyOf(keysOf(b), (k) => figureOf(k)?.estimated === true));
    let forecast: (number | null)[] | null = null;
    if (forecastMonths.size > 0) {
      forecast = buckets.map((b) => {
        const ahead = b.months.filter((m) => forecastMonths.has(m));
        if (ahead.length === 0) return null;
        return b.months.reduce((s, m) => s + (forecastMonths.get(m) ?? figureValue(m) ?? 0), 0);
      });
      if (forecast.every((v) => v === null)) forecast = null;
    }
    let shown: (number | null)[] = values;
    if (series.presentation === 'cumulative') {
      shown = cumulative(values);
      // The forecast carries on from the running total of the figures before it.
      if (forecast) {
        const f = forecast;
        const running = cumulative(f.map((v, i) => v ?? values[i] ?? null));
        forecast = f.map((v, i) => (v === null ? null : (running[i] ?? null)));
      }
    }
    const r = (v: number | null) => (v === null ? null : round(v));
    return {
      name: year === null ? series.name : `${series.name} ${yearLabel(year, shape.yearEnd)}`,
      year,
      unit: series.unit,
      values: shown.map(r),
      incomplete,
      estimated,
      forecast: forecast?.map(r) ?? null,
    };
  });
}
