import { daysInMonth, fromDayNumber, toDayNumber } from '../calendar';
import { HALF_HOURS_PER_DAY } from '../constants';
import { offsetMinutes, standardOffsetMinutes } from '../time-zone';

/**
 * Half hours are stored on the organisation's standard-time clock, 48 every day (docs/domain.md, Time zones
 * and today); the half-hour page shows them on the local clock. In daylight time local 00:00 is standard
 * 23:00 of the day before, so a local day takes its first two half hours from the standard day before; the
 * day daylight saving starts has 46 local half hours (the clock skips an hour) and the day it ends 50 (an
 * hour repeats).
 */

/** One standard-time day of one register as stored: index 0 is 00:00-00:30 standard time. */
export interface StoredDay {
  date: string;
  kwh: readonly (number | null)[];
  kw?: readonly (number | null)[] | null;
  pf?: readonly (number | null)[] | null;
  /** One character a half hour (A, E, S, F, V, space for missing); null when every present one is actual. */
  quality?: string | null;
}

/** One half hour on the local clock. */
export interface HalfHourReading {
  /** Local date 'yyyy-MM-dd'. */
  date: string;
  /** Position in the local day from 0 (45 on the day daylight saving starts, 49 on the day it ends). */
  hh: number;
  /** Local start 'HH:MM' (the repeated hour on the day daylight saving ends shows twice). */
  time: string;
  kwh: number | null;
  kw: number | null;
  pf: number | null;
  /** A actual, E estimated, S substituted, F final substituted, V variable, ' ' missing. */
  quality: string;
}

export interface LocalDay {
  date: string;
  halfHours: number;
  /** The day daylight saving starts (46 half hours) or ends (50). */
  changeover: 'start' | 'end' | null;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The quality of a stored half hour: its flag, 'A' when the day has none, ' ' when the value is missing. */
export function qualityAt(day: StoredDay | undefined, slot: number): string {
  if (!day || day.kwh[slot] === null || day.kwh[slot] === undefined) return ' ';
  const flag = day.quality?.[slot];
  return flag === undefined || flag === ' ' ? 'A' : flag;
}

/**
 * The local month 'yyyy-MM' of a register's stored days, every local half hour of it in order (a missing one
 * with null values and quality ' '), with each local day's count of half hours and changeover mark.
 * `stored` should hold the standard days from the day before the month to its last day.
 */
export function localMonth(
  stored: readonly StoredDay[],
  zone: string,
  month: string,
): { readings: HalfHourReading[]; days: LocalDay[] } {
  const first = toDayNumber(`${month}-01`);
  const last = first + daysInMonth(`${month}-01`) - 1;
  const byDate = new Map(stored.map((d) => [d.date, d]));
  const standard = new Map<string, number>();
  const readings: HalfHourReading[] = [];
  for (let sd = first - 1; sd <= last; sd++) {
    const date = fromDayNumber(sd);
    const year = date.slice(0, 4);
    let offset = standard.get(year);
    if (offset === undefined) {
      offset = standardOffsetMinutes(zone, Number(year));
      standard.set(year, offset);
    }
    const start = sd * DAY - offset * MINUTE;
    const atStart = offsetMinutes(zone, new Date(start));
    const atEnd = offsetMinutes(zone, new Date(start + (HALF_HOURS_PER_DAY - 1) * 30 * MINUTE));
    const day = byDate.get(date);
    for (let slot = 0; slot < HALF_HOURS_PER_DAY; slot++) {
      const instant = start + slot * 30 * MINUTE;
      const local = instant + (atStart === atEnd ? atStart : offsetMinutes(zone, new Date(instant))) * MINUTE;
      const localDay = Math.floor(local / DAY);
      if (localDay < first || localDay > last) continue;
      const minutes = (local - localDay * DAY) / MINUTE;
      readings.push({
        date: fromDayNumber(localDay),
        hh: 0,
        time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
        kwh: day?.kwh[slot] ?? null,
        kw: day?.kw?.[slot] ?? null,
        pf: day?.pf?.[slot] ?? null,
        quality: qualityAt(day, slot),
      });
    }
  }
  const days: LocalDay[] = [];
  for (const r of readings) {
    const current = days.at(-1);
    if (current?.date === r.date) {
      r.hh = current.halfHours;
      current.halfHours += 1;
    } else days.push({ date: r.date, halfHours: 1, changeover: null });
  }
  for (const d of days) {
    if (d.halfHours < HALF_HOURS_PER_DAY) d.changeover = 'start';
    else if (d.halfHours > HALF_HOURS_PER_DAY) d.changeover = 'end';
  }
  return { readings, days };
}
