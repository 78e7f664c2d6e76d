import { toDayNumber } from '../calendar';
import { HALF_HOUR_TOP_PEAKS } from '../constants';

/**
 * The half-hour page's statistics for a month of one register (data-portal 2.5; definitions in
 * docs/decisions/half-hour.md, Statistics). Demand is a half hour's energy over its half hour: kW = kWh x 2.
 * Missing half hours are left out of every figure; estimated ones count (their quality is shown beside them).
 */

/** Base load is this percentile of the month's half-hour demand: what runs all night and all weekend. */
export const BASE_LOAD_PERCENTILE = 5;

export interface Reading {
  date: string;
  time: string;
  kwh: number | null;
  pf?: number | null;
  quality?: string;
}

export interface Peak {
  date: string;
  time: string;
  /** kW (kVA for the apparent peak). */
  value: number;
}

export interface MonthStats {
  /** Half hours with a reading, missing ones, and those estimated or substituted (E, S, F, V). */
  halfHours: number;
  missing: number;
  estimated: number;
  totalKwh: number;
  baseLoadKw: number | null;
  /** Energy below the base load line (each half hour up to the base load) and above it; they add up. */
  baseLoadKwh: number;
  aboveBaseKwh: number;
  /** % of the month's consumption attributed to base load. */
  baseLoadShare: number | null;
  averageKw: number | null;
  /** The highest half-hour demands, and the days with the highest peaks (one each), highest first. */
  peaks: Peak[];
  dailyPeaks: Peak[];
  /** The highest apparent demand, kW / power factor, where the power factor is known. */
  peakKva: Peak | null;
}

const ESTIMATED = new Set(['E', 'S', 'F', 'V']);

/**
 * The p-th percentile of a list by nearest rank, rounded down: the value at index floor((n - 1) x p / 100) of
 * the sorted list (the 5th percentile of 48 values is the 3rd lowest). Null for an empty list.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(((sorted.length - 1) * p) / 100)] ?? null;
}

/** Base load in kW: the 5th percentile of the half-hour demands (kWh x 2) given; null without any. */
export function baseLoadKw(kwh: Iterable<number | null>): number | null {
  const kw: number[] = [];
  for (const v of kwh) if (v !== null) kw.push(v * 2);
  return percentile(kw, BASE_LOAD_PERCENTILE);
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Highest first; of equal values the earlier half hour first. */
const byValue = (a: Peak, b: Peak) => b.value - a.value || order(a.date, b.date) || order(a.time, b.time);

export function monthStats(readings: readonly Reading[]): MonthStats {
  const present = readings.filter((r): r is Reading & { kwh: number } => r.kwh !== null);
  const base = baseLoadKw(present.map((r) => r.kwh));
  let total = 0;
  let below = 0;
  for (const r of present) {
    total += r.kwh;
    if (base !== null) below += Math.min(r.kwh, base / 2);
  }
  const demands = present.map((r) => ({ date: r.date, time: r.time, value: r.kwh * 2 })).sort(byValue);
  const daily = new Map<string, Peak>();
  for (const p of demands) if (!daily.has(p.date)) daily.set(p.date, p);
  let apparent: Peak | null = null;
  for (const r of present) {
    if (typeof r.pf !== 'number' || r.pf <= 0) continue;
    const kva = { date: r.date, time: r.time, value: (r.kwh * 2) / r.pf };
    if (apparent === null || byValue(kva, apparent) < 0) apparent = kva;
  }
  return {
    halfHours: present.length,
    missing: readings.length - present.length,
    estimated: readings.filter((r) => ESTIMATED.has(r.quality ?? 'A')).length,
    totalKwh: total,
    baseLoadKw: base,
    baseLoadKwh: below,
    aboveBaseKwh: total - below,
    baseLoadShare: total > 0 ? (below / total) * 100 : null,
    averageKw: present.length > 0 ? (total * 2) / present.length : null,
    peaks: demands.slice(0, HALF_HOUR_TOP_PEAKS),
    dailyPeaks: [...daily.values()].slice(0, HALF_HOUR_TOP_PEAKS),
    peakKva: apparent,
  };
}

/** Saturday or Sunday, of a 'yyyy-MM-dd' date (day 0 of the epoch, 1 January 1970, was a Thursday). */
export const isWeekend = (date: string) => {
  const day = (((toDayNumber(date) + 4) % 7) + 7) % 7;
  return day === 0 || day === 6;
};

/**
 * The month's average day of weekdays or of weekend days: the mean kWh at each local time 'HH:MM' of the
 * day (00:00 to 23:30) over the days of that kind that have it; null where none has.
 */
export function averageDay(readings: readonly Reading[], kind: 'weekday' | 'weekend'): (number | null)[] {
  const sums = new Array<number>(48).fill(0);
  const counts = new Array<number>(48).fill(0);
  for (const r of readings) {
    if (r.kwh === null || isWeekend(r.date) !== (kind === 'weekend')) continue;
    const slot = Number(r.time.slice(0, 2)) * 2 + (r.time.slice(3, 5) === '30' ? 1 : 0);
    sums[slot] = (sums[slot] ?? 0) + r.kwh;
    counts[slot] = (counts[slot] ?? 0) + 1;
  }
  return sums.map((s, i) => ((counts[i] ?? 0) > 0 ? s / (counts[i] ?? 1) : null));
}
