import { QUALITY_CODES, type RawReading, type ReadingTypeInfo, scaledValue, unitOf } from './espi';
import type { ImportEvent, ReadingQuality } from './types';

/**
 * Green Button's hourly bulk without an object a reading (docs/decisions/formats.md, Green Button's
 * IntervalReadings as runs): an IntervalReading of the usual shape whose figures are plain (whole seconds
 * without leading zeros, a start on a whole minute, 5 to 60 minutes dividing an hour, a known quality code) is
 * scanned character by character and added to the block's run of consecutive readings, which becomes one
 * `readings` event (as a NEM12 day). Anything else goes the general way (espi-scan.ts, then saxes).
 */

/** A Green Button entry as the parser gathers it (green-button.ts). */
export interface Entry {
  line: number;
  links: { rel: string; href: string }[];
  title: string;
  resource: string | null;
  fields: Record<string, string>;
  /** Its IntervalReadings: plain ones gathered in runs, the others one by one. */
  readings: (RawReading | RawRun)[];
}

/** Consecutive plain IntervalReadings of a block, as numbers: reading i starts at start + i * duration. */
export interface RawRun {
  /** The line of each reading (the error report names a reading's own). */
  lines: number[];
  /** Epoch seconds and seconds. */
  start: number;
  duration: number;
  /** The file's values before the ReadingType's power of ten and unit. */
  raws: number[];
  quality: ReadingQuality;
  /** Each reading's flag once they differ, else null. */
  qualities: ReadingQuality[] | null;
}

/** One scanned reading: epoch seconds, seconds, the value as written, the quality code. */
export interface Scanned {
  start: number;
  duration: number;
  raw: number;
  quality: number;
}

/** Reading lengths (seconds) that are interval data: whole minutes dividing an hour. */
const LENGTHS = new Set([60, 120, 180, 240, 300, 360, 600, 720, 900, 1200, 1800, 3600]);

/** The quality letter of a plain reading, or null when the general way must read it. */
export function plainQuality(s: Scanned): ReadingQuality | null {
  if (!LENGTHS.has(s.duration) || s.start % 60 !== 0) return null;
  return QUALITY_CODES[String(s.quality)] ?? null;
}

/** Adds a plain reading to the last run when it goes on from it, else answers a new run. */
export function extendRun(
  last: RawRun | null,
  s: Scanned,
  quality: ReadingQuality,
  line: number,
): RawRun | null {
  if (last && last.duration === s.duration && last.start + last.raws.length * s.duration === s.start) {
    if (quality !== last.quality && !last.qualities)
      last.qualities = new Array<ReadingQuality>(last.raws.length).fill(last.quality);
    last.qualities?.push(quality);
    last.raws.push(s.raw);
    last.lines.push(line);
    return null;
  }
  return {
    lines: [line],
    start: s.start,
    duration: s.duration,
    raws: [s.raw],
    quality,
    qualities: null,
  };
}

/** A run of a block whose ReadingType is known, as the `readings` event of its channel. */
export function runEvent(
  run: RawRun,
  type: ReadingTypeInfo,
  meterKey: string,
  register: string | null,
): ImportEvent {
  const values: number[] = [];
  for (const raw of run.raws) values.push(scaledValue(raw, type));
  return {
    kind: 'readings',
    run: {
      line: run.lines[0] as number,
      lines: run.lines,
      meterKey,
      register,
      direction: type.flow === '19' ? 'export' : 'import',
      quantity: unitOf(type).quantity,
      startUtcMs: run.start * 1000,
      minutes: run.duration / 60,
      values,
      quality: run.quality,
      qualities: run.qualities,
    },
  };
}

/** Whitespace and comments (a comment holding '--' is not one: the general way refuses it). */
const WS = '(?:[ \\t\\r\\n]|<!--(?:[^-]|-(?!-))*-->)*';
/** A whole number without leading zeros, at most 15 digits (exact in a double). */
const WHOLE = '(0|[1-9]\\d{0,14})';
const scanners = new Map<string, RegExp>();

/** The sticky pattern of a plain IntervalReading with an element prefix ('' or 'espi:'). */
function scannerOf(prefix: string): RegExp {
  let found = scanners.get(prefix);
  if (!found) {
    const p = prefix.replace(/[.]/g, '\\.');
    const el = (name: string, inner: string) => `<${p}${name}>${WS}${inner}${WS}</${p}${name}>`;
    found = new RegExp(
      `${el(
        'IntervalReading',
        `(?:${el('cost', '-?\\d+')}${WS})?(?:${el('ReadingQuality', el('quality', WHOLE))}${WS})?${el(
          'timePeriod',
          `${el('duration', WHOLE)}${WS}${el('start', WHOLE)}`,
        )}${WS}${el('value', '([+-]?\\d+(?:\\.\\d+)?)')}`,
      )}`,
      'y',
    );
    scanners.set(prefix, found);
  }
  return found;
}

/**
 * Reads the IntervalReading at `at` into `out` when it has the usual shape (as `readIntervalReading`, comments
 * between its elements included) and its start, duration and quality are whole numbers written without leading
 * zeros: one sticky regular expression over the file's text (no piece of it copied first, unlike the general
 * way); answers its end, or 0 when it must be read the general way (also when cut short).
 */
export function scanIntervalReading(text: string, at: number, prefix: string, out: Scanned): number {
  const scanner = scannerOf(prefix);
  scanner.lastIndex = at;
  const m = scanner.exec(text);
  if (!m) return 0;
  out.quality = m[1] === undefined ? 0 : Number(m[1]);
  out.duration = Number(m[2]);
  out.start = Number(m[3]);
  out.raw = Number(m[4]);
  return scanner.lastIndex;
}

/**
 * Reads the IntervalReading at `at` into the block's `items` when it is plain (a run goes on or starts);
 * answers its end, or 0 when the general way must read it.
 */
export function takePlain(
  text: string,
  at: number,
  prefix: string,
  items: (RawReading | RawRun)[],
  line: number,
  scanned: Scanned,
): number {
  const end = scanIntervalReading(text, at, prefix, scanned);
  const quality = end > 0 ? plainQuality(scanned) : null;
  if (!quality) return 0;
  const last = items[items.length - 1];
  const run = extendRun(last && 'raws' in last ? last : null, scanned, quality, line);
  if (run) items.push(run);
  return end;
}
