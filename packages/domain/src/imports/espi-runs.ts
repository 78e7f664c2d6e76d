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

/** One scanned reading: epoch seconds, seconds, the value as written, the quality code, its line breaks. */
export interface Scanned {
  start: number;
  duration: number;
  raw: number;
  quality: number;
  breaks: number;
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

/** An element prefix's start and end tags of an IntervalReading's parts (one shape: fast to read). */
function tagsFor(p: string) {
  return {
    cost: `<${p}cost>`,
    costEnd: `</${p}cost>`,
    readingQuality: `<${p}ReadingQuality>`,
    readingQualityEnd: `</${p}ReadingQuality>`,
    quality: `<${p}quality>`,
    qualityEnd: `</${p}quality>`,
    timePeriod: `<${p}timePeriod>`,
    timePeriodEnd: `</${p}timePeriod>`,
    duration: `<${p}duration>`,
    durationEnd: `</${p}duration>`,
    start: `<${p}start>`,
    startEnd: `</${p}start>`,
    value: `<${p}value>`,
    valueEnd: `</${p}value>`,
    end: `</${p}IntervalReading>`,
  };
}
type Tags = ReturnType<typeof tagsFor>;
const tagsOf = new Map<string, Tags>();
function tags(prefix: string): Tags {
  let found = tagsOf.get(prefix);
  if (!found) {
    found = tagsFor(prefix);
    tagsOf.set(prefix, found);
  }
  return found;
}

// The scanner's text and position (module state rather than closures: it runs once a reading).
let src = '';
let i = 0;
/** Line ends passed, counted as XML counts them (CRLF, LF or CR alone). */
let breaks = 0;

/** Skips whitespace and comments (a comment holding '--' is left to the XML parser to refuse). */
function space() {
  for (;;) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 9) i++;
    else if (c === 10 || c === 13) {
      if (c === 10 || src.charCodeAt(i + 1) !== 10) breaks++;
      i++;
    } else if (c === 60 && src.startsWith('<!--', i)) {
      const close = src.indexOf('-->', i + 4);
      if (close < 0 || src.indexOf('--', i + 4) !== close) return;
      for (; i < close; i++) {
        const d = src.charCodeAt(i);
        if (d === 10 || (d === 13 && src.charCodeAt(i + 1) !== 10)) breaks++;
      }
      i = close + 3;
    } else return;
  }
}

/** Steps past a tag and the space after it, or answers false. */
function tag(s: string) {
  if (!src.startsWith(s, i)) return false;
  i += s.length;
  space();
  return true;
}

/** Steps past digits, answering how many. */
function digits() {
  const from = i;
  for (let c = src.charCodeAt(i); c >= 48 && c <= 57; c = src.charCodeAt(++i));
  return i - from;
}

/** A whole number without leading zeros (at most 15 digits) and the space after it, or -1. */
function whole() {
  const from = i;
  const n = digits();
  if (n === 0 || n > 15 || (n > 1 && src.charCodeAt(from) === 48)) return -1;
  let v = 0;
  for (let k = from; k < i; k++) v = v * 10 + src.charCodeAt(k) - 48;
  space();
  return v;
}

/** The body of an IntervalReading from `i` into `out`: its end, or 0. */
function scanBody(t: Tags, out: Scanned): number {
  space();
  if (tag(t.cost)) {
    if (src.charCodeAt(i) === 45) i++;
    if (digits() === 0) return 0;
    space();
    if (!tag(t.costEnd)) return 0;
  }
  let quality = 0;
  if (tag(t.readingQuality)) {
    if (!tag(t.quality)) return 0;
    quality = whole();
    if (quality < 0 || !tag(t.qualityEnd) || !tag(t.readingQualityEnd)) return 0;
  }
  if (!tag(t.timePeriod) || !tag(t.duration)) return 0;
  const duration = whole();
  if (duration < 0 || !tag(t.durationEnd) || !tag(t.start)) return 0;
  const start = whole();
  if (start < 0 || !tag(t.startEnd) || !tag(t.timePeriodEnd)) return 0;
  if (!tag(t.value)) return 0;
  const from = i;
  const sign = src.charCodeAt(i);
  if (sign === 43 || sign === 45) i++;
  const intFrom = i;
  const n = digits();
  if (n === 0) return 0;
  let raw: number;
  if (src.charCodeAt(i) === 46) {
    i++;
    if (digits() === 0) return 0;
    raw = Number(src.slice(from, i));
  } else if (n <= 15) {
    // A whole number of up to 15 digits is exact in a double: the same as Number() of its text.
    raw = 0;
    for (let k = intFrom; k < i; k++) raw = raw * 10 + src.charCodeAt(k) - 48;
    if (sign === 45) raw = -raw;
  } else raw = Number(src.slice(from, i));
  space();
  if (!tag(t.valueEnd)) return 0;
  const close = t.end;
  if (!src.startsWith(close, i)) return 0;
  out.quality = quality;
  out.duration = duration;
  out.start = start;
  out.raw = raw;
  out.breaks = breaks;
  return i + close.length;
}

/**
 * Reads the IntervalReading at `at` character by character into `out` when it has the usual shape (as
 * `readIntervalReading`, comments between its elements included) and its start, duration and quality are whole
 * numbers written without leading zeros; answers its end, or 0 when it must be read the general way (also when
 * cut short).
 */
export function scanIntervalReading(text: string, at: number, prefix: string, out: Scanned): number {
  src = text;
  i = at + prefix.length + 17;
  breaks = 0;
  const end = scanBody(tags(prefix), out);
  src = '';
  return end;
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
