import { fromDayNumber, toDayNumber } from './calendar';

/**
 * Which edition's factor applies on a day (docs/domain.md, Emissions; docs/decisions/catalogue.md, Editions).
 *
 * An edition belongs to a series: its factor source and its publisher. An organisation is either
 * effective-dated (each day takes the factors of the published editions current on it) or pinned (from its
 * switch date, a reporting year with a pinned edition takes that edition's factors only, for that edition's
 * series; a year without a pin stays effective-dated). Where several editions could give a factor for a day,
 * the most recently published wins; a factor entered by hand (no edition) comes last. Draft and withdrawn
 * editions are never used. A day that no edition in use has a factor for has none: a visible gap, never the
 * nearest year of another edition.
 */

export type EditionStatus = 'draft' | 'published' | 'superseded' | 'withdrawn';

export interface EditionInfo {
  id: number;
  sourceId: number;
  publisher: string;
  status: EditionStatus;
  /** yyyy-MM-dd, or null when the publication date is not known (then it ranks below dated ones). */
  published: string | null;
  currentFrom: string | null;
  currentTill: string | null;
}

export interface EditionPolicy {
  mode: 'effective' | 'pinned';
  switchDate: string | null;
  pins: { reportingYear: number; editionId: number }[];
  /** The organisation's reporting year end month (12, 3 or 6); a year is named by the year it ends in. */
  yearEnd: number;
}

export const EFFECTIVE_POLICY: Omit<EditionPolicy, 'yearEnd'> = {
  mode: 'effective',
  switchDate: null,
  pins: [],
};

/** A span of days, both ends inclusive (day numbers; open ends infinite). */
export interface Window {
  from: number;
  till: number;
}

/** The first and last day of a reporting year named by the year it ends in. */
export function reportingYearWindow(year: number, yearEnd: number): Window {
  const endMonth = yearEnd;
  const lastDay = new Date(Date.UTC(year, endMonth, 0)).getUTCDate();
  const till = `${year}-${String(endMonth).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
  const startYear = endMonth === 12 ? year : year - 1;
  const startMonth = endMonth === 12 ? 1 : endMonth + 1;
  const from = `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
  return { from: toDayNumber(from), till: toDayNumber(till) };
}

const day = (iso: string | null, open: number) => (iso === null ? open : toDayNumber(iso));

function intersect(a: Window, b: Window): Window | null {
  const from = Math.max(a.from, b.from);
  const till = Math.min(a.till, b.till);
  return from <= till ? { from, till } : null;
}

/** The parts of `all` not covered by any of `holes`. */
function subtract(all: Window, holes: Window[]): Window[] {
  let parts = [all];
  for (const h of holes) {
    parts = parts.flatMap((p) => {
      const out: Window[] = [];
      if (h.from > p.from) out.push({ from: p.from, till: Math.min(p.till, h.from - 1) });
      if (h.till < p.till) out.push({ from: Math.max(p.from, h.till + 1), till: p.till });
      return out.filter((w) => w.from <= w.till);
    });
  }
  return parts;
}

const seriesOf = (e: Pick<EditionInfo, 'sourceId' | 'publisher'>) => `${e.sourceId}\u0000${e.publisher}`;

/** Newest publication first (unknown dates after known ones), then the later id. */
export function byPriority(a: EditionInfo, b: EditionInfo): number {
  if (a.published !== b.published) {
    if (a.published === null) return 1;
    if (b.published === null) return -1;
    return a.published < b.published ? 1 : -1;
  }
  return b.id - a.id;
}

/**
 * For one organisation's policy: each edition it may use, with the windows of days it may be used on, in
 * priority order (the first edition with a factor for a day and scope gives it).
 */
export function editionWindows(
  editions: EditionInfo[],
  policy: EditionPolicy,
): { edition: EditionInfo; windows: Window[] }[] {
  const ALL: Window = { from: Number.NEGATIVE_INFINITY, till: Number.POSITIVE_INFINITY };
  const byId = new Map(editions.map((e) => [e.id, e]));
  // Pinned windows per series (from the switch date on), and which edition each belongs to.
  const pinned = new Map<string, Window[]>();
  const pinnedOf = new Map<number, Window[]>();
  if (policy.mode === 'pinned') {
    const from = day(policy.switchDate, Number.NEGATIVE_INFINITY);
    for (const pin of policy.pins) {
      const e = byId.get(pin.editionId);
      if (!e || e.status === 'draft' || e.status === 'withdrawn') continue;
      const w = intersect(reportingYearWindow(pin.reportingYear, policy.yearEnd), { from, till: ALL.till });
      if (!w) continue;
      pinned.set(seriesOf(e), [...(pinned.get(seriesOf(e)) ?? []), w]);
      pinnedOf.set(e.id, [...(pinnedOf.get(e.id) ?? []), w]);
    }
  }
  const out: { edition: EditionInfo; windows: Window[] }[] = [];
  for (const e of [...editions].sort(byPriority)) {
    const windows = [...(pinnedOf.get(e.id) ?? [])];
    if (e.status === 'published') {
      const current = { from: day(e.currentFrom, ALL.from), till: day(e.currentTill, ALL.till) };
      windows.push(...subtract(current, pinned.get(seriesOf(e)) ?? []));
    }
    if (windows.length > 0) out.push({ edition: e, windows });
  }
  return out;
}

export interface DatedFactor {
  from: string;
  till: string | null;
}

/**
 * A factor's periods within an edition's windows: the factor's own dates clipped to each window (an
 * edition's factor applies only on days its edition is in use).
 */
export function clipToWindows<F extends DatedFactor>(factor: F, windows: Window[]): F[] {
  const own: Window = { from: toDayNumber(factor.from), till: day(factor.till, Number.POSITIVE_INFINITY) };
  const out: F[] = [];
  for (const w of windows) {
    const part = intersect(own, w);
    if (!part) continue;
    out.push({
      ...factor,
      from: fromDayNumber(part.from),
      till: part.till === Number.POSITIVE_INFINITY ? null : fromDayNumber(part.till),
    });
  }
  return out;
}
