import { daysInMonth } from './calendar';

/**
 * A grid intensity CSV (docs/decisions/scope2.md, Time-matched scope 2 is an analysis beside the ledger): one
 * row per interval, the interval's start as an ISO 8601 instant with its offset (2025-07-01T00:00+12:00 or
 * 2025-06-30T12:00Z, so daylight saving can never make it ambiguous) and kg CO2e per kWh. A first row of
 * names (no start, no number) is the header. The file lands whole or not at all: the first bad row is named.
 */

export const GRID_MESSAGES = {
  row: 'Row {row}: {reason}',
  empty: 'The file holds no intensities',
  start: 'the start is not an ISO 8601 instant with its offset, such as 2025-07-01T00:00+12:00',
  aligned: 'the start is not on a half hour',
  intensity: 'the intensity is not a number of kg CO2e per kWh from 0 to 5',
  duplicate: 'the interval starting {start} is already in the file',
  tooMany: 'The file holds more than {max} intervals',
  nameTaken: 'A grid intensity series with that name already exists',
  regions: 'Choose at least one region',
} as const;

export const MAX_INTENSITY_ROWS = 200_000;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})$/;

/** An instant written with its offset, as UTC ms; null when it is not one (or names a day not on the calendar). */
export function parseInstant(text: string): number | null {
  const m = INSTANT.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1) return null;
  if (Number(d) > daysInMonth(`${y}-${mo}-01`) || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) {
    return null;
  }
  const ms = Date.parse(text.trim().replace(' ', 'T'));
  return Number.isNaN(ms) ? null : ms;
}

export type ParsedIntensities =
  | { ok: true; points: { startsAt: number; intensity: number }[] }
  | { ok: false; row: number; reason: string };

/** Reads the rows of a grid intensity CSV (cells as a CSV parser gives them), in start order. */
export function parseIntensityRows(cells: readonly (readonly string[])[]): ParsedIntensities {
  const refuse = (row: number, reason: string): ParsedIntensities => ({ ok: false, row, reason });
  const rows = cells.map((r, i) => ({ row: i + 1, cells: r })).filter((r) => r.cells.some((c) => c.trim()));
  const first = rows[0];
  // A header names its columns: neither a start nor a number.
  const header =
    first !== undefined &&
    parseInstant(first.cells[0] ?? '') === null &&
    !Number.isFinite(Number((first.cells[1] ?? '').trim() || 'x'));
  const body = header ? rows.slice(1) : rows;
  if (body.length === 0) return refuse(first?.row ?? 1, GRID_MESSAGES.empty);
  if (body.length > MAX_INTENSITY_ROWS) {
    return refuse(
      body[MAX_INTENSITY_ROWS]?.row ?? 1,
      GRID_MESSAGES.tooMany.replace('{max}', String(MAX_INTENSITY_ROWS)),
    );
  }
  const seen = new Set<number>();
  const points: { startsAt: number; intensity: number }[] = [];
  for (const {
    row,
    cells: [start = '', value = ''],
  } of body) {
    const startsAt = parseInstant(start);
    if (startsAt === null) return refuse(row, GRID_MESSAGES.start);
    if (startsAt % (30 * 60_000) !== 0) return refuse(row, GRID_MESSAGES.aligned);
    const text = value.trim();
    const intensity = Number(text);
    if (text === '' || !Number.isFinite(intensity) || intensity < 0 || intensity > 5) {
      return refuse(row, GRID_MESSAGES.intensity);
    }
    if (seen.has(startsAt)) {
      return refuse(row, GRID_MESSAGES.duplicate.replace('{start}', new Date(startsAt).toISOString()));
    }
    seen.add(startsAt);
    points.push({ startsAt, intensity });
  }
  return { ok: true, points: points.sort((a, b) => a.startsAt - b.startsAt) };
}

/**
 * The demo's sample series (synthetic, not official data): kg CO2e per kWh at a New Zealand standard-time
 * hour (0-23) and month (1-12), a shape around 0.07 with a morning and an evening peak, a night trough and a
 * winter high (July): 0.07 x (1 + 0.30 e^-((h-8)^2/4) + 0.45 e^-((h-18.5)^2/4.5) - 0.25 e^-((h-3)^2/8))
 * x (1 + 0.30 cos(2 pi (month - 7) / 12)), to four decimals.
 */
export function sampleIntensity(hour: number, month: number): number {
  const daily =
    1 +
    0.3 * Math.exp(-((hour - 8) ** 2) / 4) +
    0.45 * Math.exp(-((hour - 18.5) ** 2) / 4.5) -
    0.25 * Math.exp(-((hour - 3) ** 2) / 8);
  const seasonal = 1 + 0.3 * Math.cos((2 * Math.PI * (month - 7)) / 12);
  return Math.round(0.07 * daily * seasonal * 10_000) / 10_000;
}
