import { toDayNumber } from './calendar';

/**
 * Time-matched scope 2 (docs/decisions/scope2.md, Time-matched scope 2 is an analysis beside the ledger): a
 * meter's half-hour electricity priced half-hour by half-hour at the grid's carbon intensity in that
 * half-hour, beside the same kWh at the annual-average (location-based) factor. Half hours are stored on the
 * organisation's standard-time clock (48 a day, daylight saving or not): slot i of a date starts at that
 * date's standard-time midnight plus i x 30 minutes, whatever the wall clock says. Pure: the caller loads the
 * readings, the series and the average rates.
 */

const HALF_HOUR_MS = 30 * 60_000;

/** The UTC instant (ms) at which a standard-time half-hour slot starts. */
export function slotInstant(date: string, slot: number, standardOffsetMinutes: number): number {
  return toDayNumber(date) * 86_400_000 + slot * HALF_HOUR_MS - standardOffsetMinutes * 60_000;
}

/** A grid intensity series: interval starts (UTC ms, ascending) and kg CO2e per kWh of each interval. */
export interface IntensitySeries {
  intervalMinutes: number;
  starts: readonly number[];
  values: readonly number[];
}

/** The intensity of the interval holding the instant, if the series has one. */
export function intensityAt(series: IntensitySeries, instant: number): number | undefined {
  const { starts, values } = series;
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] ?? Number.POSITIVE_INFINITY) <= instant) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return undefined;
  return instant < (starts[found] ?? 0) + series.intervalMinutes * 60_000 ? values[found] : undefined;
}

/** One day's half-hour kWh of a meter (its import registers), 48 values, null where missing. */
export interface SlotDay {
  date: string;
  kwh: readonly (number | null)[];
  /** Some of its half hours are estimated (the readings' quality). */
  estimated?: boolean;
}

export interface TimeMatchedMonth {
  /** The bucket: 'yyyy-MM-01' for a month, 'yyyy-MM-dd' for a day. */
  month: string;
  /** A day of the bucket had estimated half hours. */
  estimated: boolean;
  /** Half hours with a reading, and their kWh. */
  halfHours: number;
  kwh: number;
  /** Of those, the half hours the series has an intensity for, their kWh and kg CO2e. */
  matchedHalfHours: number;
  matchedKwh: number;
  kg: number;
}

const monthOfDate = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * Sums each month's half hours (or each day's, with `bucketOf` the identity): every reading's kWh, and those
 * the series covers at that half-hour's intensity. `standardOffset(year)` is the organisation's standard offset
 * in minutes (720 for New Zealand).
 */
export function timeMatchedByMonth(
  days: readonly SlotDay[],
  standardOffset: (year: number) => number,
  series: IntensitySeries,
  bucketOf: (date: string) => string = monthOfDate,
): TimeMatchedMonth[] {
  const months = new Map<string, TimeMatchedMonth>();
  for (const day of days) {
    const month = bucketOf(day.date);
    let m = months.get(month);
    if (!m) {
      m = { month, estimated: false, halfHours: 0, kwh: 0, matchedHalfHours: 0, matchedKwh: 0, kg: 0 };
      months.set(month, m);
    }
    m.estimated ||= day.estimated === true;
    const offset = standardOffset(Number(day.date.slice(0, 4)));
    for (let slot = 0; slot < 48; slot++) {
      const kwh = day.kwh[slot];
      if (kwh === null || kwh === undefined) continue;
      m.halfHours += 1;
      m.kwh += kwh;
      const intensity = intensityAt(series, slotInstant(day.date, slot, offset));
      if (intensity === undefined) continue;
      m.matchedHalfHours += 1;
      m.matchedKwh += kwh;
      m.kg += kwh * intensity;
    }
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

export interface ComparedMonth extends TimeMatchedMonth {
  /** The month's annual-average (location-based) factor, kg CO2e per kWh; null when the ledger has none. */
  averageRate: number | null;
  /** The matched kWh at that factor, and the time-matched figure's difference from it (kg and percent). */
  averageKg: number | null;
  differenceKg: number | null;
  differencePercent: number | null;
}

/** Each month beside the same kWh at the annual-average factor. */
export function compareWithAverage(
  months: readonly TimeMatchedMonth[],
  averageRate: (month: string) => number | null,
): ComparedMonth[] {
  return months.map((m) => {
    const rate = averageRate(m.month);
    const averageKg = rate === null ? null : m.matchedKwh * rate;
    return {
      ...m,
      averageRate: rate,
      averageKg,
      differenceKg: averageKg === null ? null : m.kg - averageKg,
      differencePercent:
        averageKg === null || averageKg === 0 ? null : ((m.kg - averageKg) / averageKg) * 100,
    };
  });
}

/** Adds months up (the range's total), with the total's difference from the average where every month has one. */
export function totalOf(
  months: readonly ComparedMonth[],
): Omit<ComparedMonth, 'month' | 'averageRate' | 'estimated'> {
  const sum = (k: 'halfHours' | 'kwh' | 'matchedHalfHours' | 'matchedKwh' | 'kg') =>
    months.reduce((s, m) => s + m[k], 0);
  const priced = months.every((m) => m.averageKg !== null);
  const averageKg = priced ? months.reduce((s, m) => s + (m.averageKg ?? 0), 0) : null;
  const kg = sum('kg');
  return {
    halfHours: sum('halfHours'),
    kwh: sum('kwh'),
    matchedHalfHours: sum('matchedHalfHours'),
    matchedKwh: sum('matchedKwh'),
    kg,
    averageKg,
    differenceKg: averageKg === null ? null : kg - averageKg,
    differencePercent: averageKg === null || averageKg === 0 ? null : ((kg - averageKg) / averageKg) * 100,
  };
}
