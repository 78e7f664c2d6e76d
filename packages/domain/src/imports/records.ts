import { pipeline, Readable } from 'node:stream';
import { type Options, parse } from 'csv-parse';

/**
 * The file's text as the job reads it: chunks of a stream (Buffers or strings) or lines. Parsers never
 * collect it whole.
 */
export type TextSource = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

/** One CSV record with the 1-based line it sits on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** How often (in lines) a parser reports progress. */
export const PROGRESS_EVERY = 20_000;

/**
 * The records of a comma-separated industry file (NEM12, EIEP), read with csv-parse as a stream. These formats
 * never quote, so quotes are read as plain characters: a stray quote spoils one field (which the parser then
 * refuses) rather than swallowing the lines after it. Lines end in CRLF, LF or CR; a byte order mark and blank
 * lines are skipped.
 */
export async function* csvRecords(source: TextSource): AsyncGenerator<CsvRecord> {
  const options: Options<CsvRecord, string[]> = {
    bom: true,
    quote: false,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    on_record: (fields, context) => ({ line: context.lines, fields }),
  };
  const parser = parse(options as unknown as Options);
  // pipeline() ends the parser with the source's error, and stops reading the source when the caller stops.
  const records = pipeline(Readable.from(source), parser, () => {});
  for await (const record of records as AsyncIterable<CsvRecord>) {
    if (record.fields.every((f) => f.trim() === '')) continue;
    yield record;
  }
}

const NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** A decimal number as these formats write it (no exponent, no thousands separator), or null. */
export function decimal(text: string | undefined): number | null {
  return text !== undefined && NUMBER.test(text) ? Number(text) : null;
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
