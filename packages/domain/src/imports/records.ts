import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ImportEvent } from './types';

/**
 * The file's text as the job reads it: chunks of a stream (Buffers or strings) or lines. Parsers never
 * collect it whole.
 */
export type TextSource = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

/** One CSV record with the 1-based line it sits on. */
export interface CsvRecord {
  line: number;
  fields: string[];
  /** The record's line as written (without its line end), for a parser that reads it where it stands. */
  text: string;
}

/** A line's record, split at its commas only when its fields are asked for (NEM12 reads its 300 records whole). */
class LineRecord implements CsvRecord {
  private split: string[] | null = null;
  constructor(
    readonly line: number,
    readonly text: string,
  ) {}

  get fields(): string[] {
    if (this.split === null) this.split = this.text.split(',');
    return this.split;
  }
}

/** How often (in lines) a parser reports progress. */
export const PROGRESS_EVERY = 20_000;

/**
 * Parsers give their events in arrays of about this many: iterating an async generator costs a promise per
 * item, so the job reads a file's millions of readings five times faster in arrays than one by one.
 */
export const BATCH = 512;

/** A parser's event arrays as single events. */
export async function* eventsOf(batches: AsyncIterable<ImportEvent[]>): AsyncGenerator<ImportEvent> {
  for await (const batch of batches) yield* batch;
}

/**
 * The records of a comma-separated industry file (NEM12, EIEP), line by line with Node's readline. These
 * formats never quote a field, so a record is its line split at commas: a stray quote spoils one field (which
 * the parser then refuses) instead of swallowing the lines after it, and line numbers stay exact. Lines end in
 * CRLF, LF or CR; a byte order mark and blank lines are skipped. (csv-parse, which the CSV imports use, read
 * these files 25 to 50 times slower: docs/decisions/formats.md, Libraries.)
 */
export async function* csvRecords(source: TextSource): AsyncGenerator<CsvRecord> {
  const input = Readable.from(source, { objectMode: false, encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  try {
    for await (const text of lines) {
      line += 1;
      const record = line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      if (record.trim() === '') continue;
      yield new LineRecord(line, record);
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

const NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** 10 to the powers 0 to 15, each exact in a double. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * The number in `text` from `from` to `to` when it is written plainly (a sign, at most 15 digits, a point), else
 * NaN. It is read digit by digit: an integer below 2^53 divided by an exact power of ten is rounded once, so it is
 * the very double `Number` gives (Clinger's fast path). The job reads millions of cells (docs/performance.md).
 */
export function plainDecimal(text: string, from: number, to: number): number {
  let i = from;
  let c = text.charCodeAt(i);
  const negative = c === 45;
  if (negative || c === 43) i += 1;
  let whole = 0;
  let digits = 0;
  let scale = 0;
  let point = false;
  for (; i < to; i++) {
    c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      whole = whole * 10 + (c - 48);
      digits += 1;
      if (point) scale += 1;
    } else if (c === 46 && !point) point = true;
    else return Number.NaN;
  }
  if (digits === 0 || digits > 15) return Number.NaN;
  const value = scale === 0 ? whole : whole / (POWERS_OF_TEN[scale] as number);
  return negative ? -value : value;
}

/**
 * A decimal number as these formats write it (no exponent, no thousands separator), or null: the plain cell by
 * `plainDecimal`, anything else (spaces, more digits) through the pattern and `Number`.
 */
export function decimal(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = plainDecimal(text, 0, text.length);
  return Number.isNaN(value) ? slowDecimal(text) : value;
}

function slowDecimal(text: string): number | null {
  return NUMBER.test(text) ? Number(text) : null;
}

/** A whole number, or null. */
export function wholeNumber(text: string | undefined): number | null {
  return text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

function realDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** 'yyyyMMdd' (NEM12) as 'yyyy-MM-dd', or null when it is not a real date. */
export function compactDate(text: string | undefined): string | null {
  const m = /^\s*(\d{4})(\d{2})(\d{2})\s*$/.exec(text ?? '');
  return m ? realDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** 'dd/MM/yyyy' (the EIEPs) as 'yyyy-MM-dd', or null when it is not a real date. */
export function dayFirstDate(text: string | undefined): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text ?? '');
  return m ? realDate(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}

/** Shows a stored date as the app does, dd/MM/yyyy, for messages. */
export const shownDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** ms since the epoch of midnight UTC of a 'yyyy-MM-dd' date. */
export const utcMidnight = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
