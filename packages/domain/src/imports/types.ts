/**
 * The shapes every data-import parser yields and the import job consumes (docs/decisions/formats.md). A
 * parser is a pure function over the file's text (an async iterable of chunks or lines, never the whole file
 * in memory) that yields `ImportEvent`s in file order; the job matches each reading to a meter of the
 * organisation, folds interval readings onto the standard-time half-hour clock (fold.ts), and writes them in
 * batches.
 */

/** The formats the import job accepts. */
export type ImportFormat =
  | 'csv-readings'
  | 'nem12'
  | 'eiep3'
  | 'eiep13a'
  | 'green-button'
  | 'csv-invoices'
  | 'csv-consumption'
  | 'portfolio-manager';

/**
 * NEM12's quality flags (A actual, E estimated, S substituted, F final substituted, V variable), and D derived:
 * a half hour whose value was shared out of a longer reading (an hour split evenly in two), so its total is
 * the meter's but its profile within the reading is not measured.
 */
export type ReadingQuality = 'A' | 'D' | 'E' | 'S' | 'F' | 'V';

/** One interval reading as the file states it, before it is matched to a meter. */
export interface IntervalReading {
  /** 1-based line (or, for XML, element) number in the file, for the error report. */
  line: number;
  /** The file of a zip archive the reading comes from, when the archive holds several (for the report). */
  file?: string;
  /** How the file names the meter: NMI, ICP, meter serial number, or the CSV's meter column. */
  meterKey: string;
  /** The file's register or channel (NEM12 NMI suffix, EIEP3 register content code, ...); null when none. */
  register: string | null;
  direction: 'import' | 'export';
  /** Already converted by the parser: Wh become kWh, varh become kVArh. */
  quantity: 'kWh' | 'kVArh';
  /** Start of the interval as a UTC instant (ms since the epoch). */
  startUtcMs: number;
  /** Interval length in whole minutes, 60 at most (longer readings are periods). */
  minutes: number;
  value: number;
  quality: ReadingQuality;
}

/**
 * Consecutive interval readings of one channel from one row of the file (a NEM12 300 record: a channel's day),
 * kept as one event rather than an object per interval: the job folds a run onto the half-hour clock in one
 * pass. Interval i starts at `startUtcMs + i * minutes`; `values[i]` is NaN where the file gives no reading
 * (NEM12's null data); `qualities` gives each interval's flag where they differ, else every reading is
 * `quality`. `runReadings` answers the same readings one by one.
 */
export interface ReadingRun extends Omit<IntervalReading, 'value' | 'quality'> {
  values: number[];
  quality: ReadingQuality;
  qualities: ReadingQuality[] | null;
  /** Each reading's own line where they differ (a Green Button run: an element each), else every one is `line`. */
  lines?: number[];
}

/** A run's readings one by one, as a parser that gave each interval its own event would have. */
export function runReadings(run: ReadingRun): IntervalReading[] {
  const { values, qualities, quality, lines, ...common } = run;
  const step = run.minutes * 60_000;
  const readings: IntervalReading[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (Number.isNaN(value)) continue;
    readings.push({
      ...common,
      line: lines?.[i] ?? run.line,
      startUtcMs: run.startUtcMs + i * step,
      value,
      quality: qualities?.[i] ?? quality,
    });
  }
  return readings;
}

/** A row the parser could not read; the job names it in the error report and the import lands nothing. */
export interface RefusedRow {
  line: number;
  reason: string;
}

/** One billing-period row (an invoice or consumption-record CSV, ENERGY STAR Portfolio Manager's Meter Entries). */
export interface PeriodRow {
  line: number;
  /** The file of a zip archive the row comes from, when the archive holds several. */
  file?: string;
  meterKey: string;
  /** yyyy-MM-dd, inclusive. */
  from: string;
  till: string;
  quantity: number;
  /** As the file states it (for example 'kWh (thousand Watt-hours)'); the job resolves it to a unit. */
  unit: string | null;
  /** The file's register or channel (an EIEP13A register, a NEM13 suffix), or null; for messages. */
  register?: string | null;
  /** Dollars as written in the file, or null. */
  cost: string | null;
  estimated: boolean;
  invoiceNumber?: string | null;
  invoiceDate?: string | null;
  demandKw?: number | null;
  /**
   * The identifier label that remembers `meterKey` on a data source once matched ('Portfolio Manager Meter ID'),
   * or null when the key is a name, number or ICP the data source carries itself.
   */
  keyLabel?: string | null;
  /** A second name of the meter to match by when the key matches none (a Meter Name no other meter shares). */
  altKey?: string | null;
  /** How the file describes the meter beyond its key (name, type, property), for the report of unknown meters. */
  context?: string | null;
  /** The end date as the file writes it, when `till` was read as the day before it (an exclusive end date). */
  fileEnd?: string;
}

/** Something the file holds that the load leaves out on purpose, named in the load's message (not a refusal). */
export interface SkippedPart {
  line: number;
  /** What was left out and why, as the load's message lists it ('NMI C123 stream V1: not an energy stream'). */
  text: string;
}

export type ImportEvent =
  | { kind: 'reading'; reading: IntervalReading }
  | { kind: 'readings'; run: ReadingRun }
  | { kind: 'period'; row: PeriodRow }
  | { kind: 'refused'; row: RefusedRow }
  | { kind: 'skipped'; part: SkippedPart }
  /** Lines read so far, for the job's progress. */
  | { kind: 'progress'; lines: number };
