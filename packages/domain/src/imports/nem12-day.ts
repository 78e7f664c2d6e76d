import { type CsvRecord, compactDate, decimal, plainDecimal, shownDate } from './records';
import type { IntervalReading } from './types';

/** A 300 or 400 record's quality method: the flag, then the method's two digits. */
export const QUALITY_METHOD = /^\s*([AEFNSV])(\d{2})?\s*$/i;

/** A 200 record's data stream, as its 300 records are read. */
export interface Stream {
  nmi: string;
  suffix: string;
  direction: IntervalReading['direction'];
  quantity: IntervalReading['quantity'];
  factor: number;
  divisor: number;
  minutes: number;
  perDay: number;
}

export interface Day {
  line: number;
  date: string;
  values: number[];
  /** The day's flag, then one per interval once 400 records have spoken ('' where none has). */
  flag: string;
  overrides: string[] | null;
}

/**
 * A 300 record's day (the interval values, then the day's quality method), or why it is refused. The usual
 * record, every value a plain decimal, is read where it stands in its line (`plainDay`); any other is split
 * into its fields and each named fault found as before.
 */
export function readDay(record: CsvRecord, stream: Stream): Day | string {
  return plainDay(record.text, record.line, stream) ?? fieldDay(record, stream);
}

/**
 * A 300 record read without splitting its line: the date, then `perDay` plain decimals, then a quality method
 * that is not a number. Null for anything else, which `fieldDay` reads field by field and names.
 */
function plainDay(text: string, line: number, stream: Stream): Day | null {
  let at = text.indexOf(',') + 1;
  let end = text.indexOf(',', at);
  if (at === 0 || end < 0) return null;
  const date = compactDate(text.slice(at, end));
  if (!date) return null;
  const values: number[] = new Array(stream.perDay);
  for (let i = 0; i < stream.perDay; i++) {
    at = end + 1;
    end = text.indexOf(',', at);
    if (end < 0) return null;
    const value = plainDecimal(text, at, end);
    if (Number.isNaN(value)) return null;
    values[i] = (value * stream.factor) / stream.divisor;
  }
  at = end + 1;
  end = text.indexOf(',', at);
  const methodCell = text.slice(at, end < 0 ? text.length : end);
  const method = QUALITY_METHOD.exec(methodCell);
  if (!method) return null;
  return { line, date, values, flag: (method[1] as string).toUpperCase(), overrides: null };
}

/** A 300 record read field by field: its day, or the first fault it holds, named. */
function fieldDay(record: CsvRecord, stream: Stream): Day | string {
  const { fields } = record;
  const date = compactDate(fields[1]);
  if (!date) return `interval date '${fields[1] ?? ''}' is not a real date (yyyyMMdd)`;
  const shown = shownDate(date);
  const values: number[] = new Array(stream.perDay);
  for (let i = 0; i < stream.perDay; i++) {
    const cell = fields[2 + i];
    const value = decimal(cell);
    if (value !== null) {
      values[i] = (value * stream.factor) / stream.divisor;
      continue;
    }
    if (cell === undefined || QUALITY_METHOD.test(cell))
      return `${shown} has ${i} interval values; ${stream.minutes}-minute intervals need ${stream.perDay}`;
    return cell.trim() === ''
      ? `interval ${i + 1} of ${shown} has no value`
      : `interval ${i + 1} of ${shown} is '${cell}', not a number`;
  }
  const methodCell = fields[2 + stream.perDay];
  if (decimal(methodCell) !== null)
    return `${shown} has more than ${stream.perDay} interval values; ${stream.minutes}-minute intervals need ${stream.perDay}`;
  const method = QUALITY_METHOD.exec(methodCell ?? '');
  if (!method) return `quality method '${methodCell ?? ''}' is not A, E, F, N, S or V (with its method)`;
  return { line: record.line, date, values, flag: (method[1] as string).toUpperCase(), overrides: null };
}
