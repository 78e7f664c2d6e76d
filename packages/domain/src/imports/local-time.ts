import { offsetMinutes } from '../time-zone';

const MINUTE = 60_000;
const HALF_HOUR = 30 * MINUTE;
const DAY = 24 * 60 * MINUTE;

/**
 * An organisation's wall clock for imports: local times as files write them turned into instants, fast enough
 * for millions of rows (the zone's offset is looked up once per half hour of time and kept).
 */
export interface LocalClock {
  /** The zone's offset from UTC in minutes at an instant. */
  offsetAt(utcMs: number): number;
  /**
   * The instant a wall-clock time names (`wallMs` is the wall time written as if it were UTC). In the hour that
   * repeats when daylight saving ends, 'first' is the earlier of the two instants and 'second' the later; null
   * for a time that does not exist (the hour skipped when daylight saving starts).
   */
  toUtc(wallMs: number, occurrence?: 'first' | 'second'): number | null;
  /** Whether a wall-clock time happens twice (the repeated hour when daylight saving ends). */
  ambiguous(wallMs: number): boolean;
  /** The instant the local day `date` (yyyy-MM-dd) starts, and its length in minutes (1380, 1440 or 1500). */
  day(date: string): { startUtcMs: number; minutes: number };
}

export function localClock(zone: string): LocalClock {
  const offsets = new Map<number, number>();
  const offsetAt = (utcMs: number) => {
    const bucket = Math.floor(utcMs / HALF_HOUR);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      offset = offsetMinutes(zone, new Date(bucket * HALF_HOUR));
      offsets.set(bucket, offset);
    }
    return offset;
  };
  /** The instants whose wall-clock reading is `wallMs`, earliest first (none, one or two). */
  const candidates = (wallMs: number) => {
    const found = new Set<number>();
    for (const probe of [wallMs - DAY, wallMs + DAY]) {
      const utc = wallMs - offsetAt(probe) * MINUTE;
      if (utc + offsetAt(utc) * MINUTE === wallMs) found.add(utc);
    }
    return [...found].sort((a, b) => a - b);
  };
  const toUtc: LocalClock['toUtc'] = (wallMs, occurrence = 'first') => {
    const found = candidates(wallMs);
    if (found.length === 0) return null;
    return (occurrence === 'second' ? found[found.length - 1] : found[0]) ?? null;
  };
  return {
    offsetAt,
    toUtc,
    ambiguous: (wallMs) => candidates(wallMs).length > 1,
    day(date) {
      const wall = Date.parse(`${date}T00:00:00Z`);
      const start = toUtc(wall) ?? wall - offsetAt(wall) * MINUTE;
      const next = toUtc(wall + DAY) ?? wall + DAY - offsetAt(wall + DAY) * MINUTE;
      return { startUtcMs: start, minutes: (next - start) / MINUTE };
    },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function realDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A date as files write it: yyyy-MM-dd (or yyyy/MM/dd, yyyyMMdd), else d/M/yyyy day first (or month first when
 * `dayFirst` is false, as United States files write it); '/', '.' or '-' between. Null when not a real date.
 */
export function parseFileDate(text: string, dayFirst = true): string | null {
  const value = text.trim();
  const iso = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})$/.exec(value);
  if (iso && (value.length === 8 || /\D/.test(value)))
    return realDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const other = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!other) return null;
  const [a, b] = [Number(other[1]), Number(other[2])];
  return dayFirst ? realDate(Number(other[3]), b, a) : realDate(Number(other[3]), a, b);
}

export interface FileDateTime {
  /** The wall-clock time written as if it were UTC (ms). */
  wallMs: number;
  /** The offset the text states (Z or ±hh:mm) in minutes, or null when it is a local time. */
  offset: number | null;
}

/**
 * A date and time as files write it: a date as `parseFileDate` reads it, then a space or T, then H:mm[:ss]
 * (24:00 is the end of the day), optionally am/pm, optionally Z or an offset. Null when it is none of that.
 */
export function parseFileDateTime(text: string, dayFirst = true): FileDateTime | null {
  const match =
    /^(.+?)[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      text.trim(),
    );
  if (!match) return null;
  const date = parseFileDate(match[1] ?? '', dayFirst);
  if (!date) return null;
  let hours = Number(match[2]);
  const minutes = Number(match[3]);
  const seconds = Number(match[4] ?? 0);
  const meridiem = match[5]?.toLowerCase().replace(/\./g, '');
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (minutes > 59 || seconds > 59 || hours > 24 || (hours === 24 && (minutes > 0 || seconds > 0)))
    return null;
  const wallMs = Date.parse(`${date}T00:00:00Z`) + ((hours * 60 + minutes) * 60 + seconds) * 1000;
  const zone = match[6];
  let offset: number | null = null;
  if (zone) {
    if (zone.toUpperCase() === 'Z') offset = 0;
    else {
      const digits = zone.replace(':', '');
      const sign = digits.startsWith('-') ? -1 : 1;
      offset = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
    }
  }
  return { wallMs, offset };
}
