import { standardOffsetMinutes } from '../time-zone';

/**
 * Moving stored half hours from one organisation clock to another (docs/decisions/organisations.md, Time zone):
 * half hours are stored on the zone's standard-time clock, so a reading stored at slot s of a day under zone A
 * started at (day + s half hours - A's standard offset); under zone B it belongs (B - A) later on the clock.
 * Pure: the job reads a meter's days, moves them with this, and writes them back.
 */

const DAY = 86_400_000;

/** The zones the organisation may take: the IANA time zone list this runtime knows, and UTC. */
export function ianaZones(): string[] {
  return [...Intl.supportedValuesOf('timeZone'), 'UTC'];
}

let known: Set<string> | null = null;
/** Whether a name is a zone of the IANA list (Australia/Sydney), not an alias or an abbreviation (AEST). */
export function isIanaZone(zone: string): boolean {
  known ??= new Set(ianaZones());
  return known.has(zone);
}

/**
 * How many half hours a day's readings move going from one zone's clock to the other's in a year, or null where
 * the two standard clocks differ by a part of a half hour (a 45-minute zone), which this move does not split.
 */
export function slotShift(from: string, to: string, year: number): number | null {
  const minutes = standardOffsetMinutes(to, year) - standardOffsetMinutes(from, year);
  return minutes % 30 === 0 ? minutes / 30 : null;
}

/** One stored day of a register, as the move reads and writes it. */
export interface StoredDay {
  register: number;
  date: string;
  kwh: readonly (number | null)[];
  kw: readonly (number | null)[] | null;
  pf: readonly (number | null)[] | null;
  /** 48 characters, or null when every present half hour is actual. */
  quality: string | null;
  /** Partial half hours by their slot ('0'-'47'). */
  parts: Record<string, [number, string]> | null;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

interface Building {
  register: number;
  date: string;
  kwh: (number | null)[];
  kw: (number | null)[] | null;
  pf: (number | null)[] | null;
  quality: string[];
  parts: Record<string, [number, string]> | null;
}

/**
 * A meter's stored days moved by `shift(year)` half hours (the shift of the year each day is in). A half hour keeps
 * its value, demand, power factor, quality and parts; a day that gets none keeps no row.
 */
export function moveDays(days: readonly StoredDay[], shift: (year: number) => number): StoredDay[] {
  const out = new Map<string, Building>();
  const target = (register: number, day: number): Building => {
    const date = dateOf(day);
    const key = `${register}|${date}`;
    let b = out.get(key);
    if (!b) {
      b = {
        register,
        date,
        kwh: Array(48).fill(null),
        kw: null,
        pf: null,
        quality: Array(48).fill(' '),
        parts: null,
      };
      out.set(key, b);
    }
    return b;
  };
  for (const d of days) {
    const base = dayNumber(d.date) * 48 + shift(Number(d.date.slice(0, 4)));
    for (let s = 0; s < 48; s++) {
      const value = d.kwh[s];
      const part = d.parts?.[String(s)];
      if ((value === null || value === undefined) && !part) continue;
      const n = base + s;
      const b = target(d.register, Math.floor(n / 48));
      const slot = ((n % 48) + 48) % 48;
      b.kwh[slot] = value ?? null;
      const kw = d.kw?.[s];
      if (kw != null) {
        b.kw = b.kw ?? Array(48).fill(null);
        b.kw[slot] = kw;
      }
      const pf = d.pf?.[s];
      if (pf != null) {
        b.pf = b.pf ?? Array(48).fill(null);
        b.pf[slot] = pf;
      }
      b.quality[slot] = value == null ? ' ' : d.quality?.[s]?.trim() || 'A';
      if (part) b.parts = { ...b.parts, [String(slot)]: part };
    }
  }
  return [...out.values()]
    .sort((a, b) => a.register - b.register || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((b) => {
      const quality = b.quality.join('');
      return { ...b, quality: /[^A ]/.test(quality) ? quality : null };
    });
}
