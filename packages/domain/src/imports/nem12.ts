import { ImportFileError } from './import-messages';
import { type Day, QUALITY_METHOD, readDay, type Stream } from './nem12-day';
import { readBasicRecord } from './nem13';
import {
  BATCH,
  csvRecords,
  decimal,
  eventsOf,
  PROGRESS_EVERY,
  shownDate,
  type TextSource,
  utcMidnight,
  wholeNumber,
} from './records';
import type { ImportEvent, IntervalReading, ReadingQuality, ReadingRun } from './types';

/**
 * NEM12, AEMO's Meter Data File Format for interval data (MDFF specification, NEM12 and NEM13). One 100
 * header, then per NMI data stream a 200 record (NMI, register, suffix, unit, interval length) followed by one
 * 300 record per day (the interval values, then the day's quality method), 400 records overriding the quality
 * for ranges of intervals, 500 B2B details (ignored), and one 900 end record. Times are market time: Australian
 * Eastern Standard Time, UTC+10 all year. A file whose header reads NEM13 holds accumulation reads instead
 * (250 records, nem13.ts), read as consumption periods between reads.
 *
 * A data stream that is not energy (a voltage or power-factor channel such as V1, or a unit that is not energy)
 * is skipped and named in the load's message, not refused: the file's energy streams load.
 */

/** NEM12 interval times are market time, AEST (UTC+10) all year, whatever the NMI's state. */
const MARKET_OFFSET_MS = 10 * 3_600_000;

/** Units NEM12 allows that the import takes, with the factor to kWh or kVArh (matched case-insensitively). */
const UNITS: Record<string, { quantity: IntervalReading['quantity']; factor: number; divisor: number }> = {
  wh: { quantity: 'kWh', factor: 1, divisor: 1000 },
  kwh: { quantity: 'kWh', factor: 1, divisor: 1 },
  mwh: { quantity: 'kWh', factor: 1000, divisor: 1 },
  varh: { quantity: 'kVArh', factor: 1, divisor: 1000 },
  kvarh: { quantity: 'kVArh', factor: 1, divisor: 1 },
  mvarh: { quantity: 'kVArh', factor: 1000, divisor: 1 },
};

/**
 * The first character of an NMI suffix names the data stream (AEMO's NMI procedure). Its words are the market's
 * ('export' is energy leaving the market, that is, delivered to the customer), so they read the other way
 * round from the customer's side that the import records: E (and the averaged D) are what the site takes from
 * the network, B (and A) what it sends back; Q and P reactive energy taken, K and J reactive energy sent.
 */
const SUFFIX_DIRECTION: Record<string, IntervalReading['direction']> = Object.fromEntries([
  ...[...'EDQP'].map((letter) => [letter, 'import'] as const),
  ...[...'BAKJ'].map((letter) => [letter, 'export'] as const),
]);

/** Interval lengths read: those of the specification (5, 15, 30) and the other divisors of an hour down to 5. */
const INTERVALS = new Set([5, 10, 15, 20, 30, 60]);
const IDENTIFIER = /^[0-9A-Za-z-]{1,20}$/;

function fault(line: number, reason: string): ImportEvent {
  return { kind: 'refused', row: { line, reason } };
}

/** A 200 record's stream, or why it is refused, or (`skip`) why it is not an energy stream the load reads. */
function readStream(fields: string[]): Stream | string | { skip: string } {
  const [, nmiField, , , suffixField, , , uomField, lengthField] = fields;
  const nmi = (nmiField ?? '').trim();
  if (!IDENTIFIER.test(nmi)) return 'the NMI is missing or not letters and digits';
  const suffix = (suffixField ?? '').trim().toUpperCase();
  if (!/^[A-Z][0-9A-Z]$/.test(suffix))
    return `NMI suffix '${suffixField ?? ''}' is not a letter and a character`;
  const direction = SUFFIX_DIRECTION[suffix[0] as string];
  const uom = (uomField ?? '').trim();
  const unit = UNITS[uom.toLowerCase()];
  if (!direction || !unit)
    return {
      skip: `NMI ${nmi} stream ${suffix}: ${direction ? `unit '${uom}'` : uom ? `'${uom}'` : 'no unit'}, not energy in kWh or kVArh, not loaded`,
    };
  const minutes = wholeNumber(lengthField);
  if (minutes === null || !INTERVALS.has(minutes))
    return `interval length '${lengthField ?? ''}' is not 5, 10, 15, 20, 30 or 60 minutes`;
  return { nmi, suffix, direction, ...unit, minutes, perDay: 1440 / minutes };
}

function applyOverride(fields: string[], day: Day, stream: Stream): string | null {
  const from = wholeNumber(fields[1]);
  const to = wholeNumber(fields[2]);
  if (from === null || to === null || from < 1 || to > stream.perDay || from > to)
    return `interval range '${fields[1] ?? ''}' to '${fields[2] ?? ''}' is not within 1 to ${stream.perDay}`;
  const method = QUALITY_METHOD.exec(fields[3] ?? '');
  const flag = method?.[1]?.toUpperCase();
  if (!flag || flag === 'V')
    return `quality method '${fields[3] ?? ''}' is not A, E, F, N or S (with its method)`;
  day.overrides ??= new Array(stream.perDay).fill('');
  for (let i = from - 1; i < to; i++) day.overrides[i] = flag;
  return null;
}

/**
 * The readings of a day once its 400 records are in, as one run (an interval flagged N, null data, has no
 * reading), or the reason the day is refused.
 */
function dayRun(day: Day, stream: Stream): ReadingRun | string {
  if (day.flag === 'V') {
    const uncovered = day.overrides ? day.overrides.indexOf('') : 0;
    if (uncovered >= 0)
      return `quality V (variable) on ${shownDate(day.date)} needs 400 records for every interval; interval ${uncovered + 1} has none`;
  }
  const { values, overrides } = day;
  let qualities: ReadingQuality[] | null = null;
  if (overrides) {
    qualities = new Array(stream.perDay);
    for (let i = 0; i < stream.perDay; i++) {
      const flag = overrides[i] || day.flag;
      qualities[i] = flag as ReadingQuality;
      if (flag === 'N') values[i] = Number.NaN; // null data: no reading for the interval
    }
  } else if (day.flag === 'N') values.fill(Number.NaN);
  return {
    line: day.line,
    meterKey: stream.nmi,
    register: stream.suffix,
    direction: stream.direction,
    quantity: stream.quantity,
    startUtcMs: utcMidnight(day.date) - MARKET_OFFSET_MS,
    minutes: stream.minutes,
    values,
    quality: day.flag as ReadingQuality,
    qualities,
  };
}

/**
 * Reads a NEM12 file as a stream of event batches (arrays, in file order): each interval as a reading (kWh or kVArh, UTC start), each bad
 * row as refused with its line and reason. A 200 record that cannot be read is refused once and its 300 and
 * 400 records are skipped. Throws ImportFileError when the file is not NEM12, has no 100 header, has a bad or
 * missing 900 end record (a truncated file), or has records after it.
 */
export async function* parseNem12Batches(source: TextSource): AsyncGenerator<ImportEvent[]> {
  let out: ImportEvent[] = [];
  let header = false;
  let endLine: number | null = null;
  /** The current 200 record's stream; 'refused' (or skipped) passes over its 300 and 400 records. */
  let stream: Stream | 'refused' | null = null;
  let version: 'NEM12' | 'NEM13' = 'NEM12';
  /** The line of a 300 record with too few values: the next line may be the rest of it. */
  let shortDay: number | null = null;
  let day: Day | null = null;
  let lastLine = 0;

  function finishDay() {
    if (!day || !stream || stream === 'refused') return;
    const run = dayRun(day, stream);
    out.push(typeof run === 'string' ? fault(day.line, run) : { kind: 'readings', run });
    day = null;
  }

  for await (const record of csvRecords(source)) {
    if (out.length >= BATCH) {
      yield out;
      out = [];
    }
    const { line, text } = record;
    const comma = text.indexOf(',');
    const indicator = (comma < 0 ? text : text.slice(0, comma)).trim();
    if (Math.floor(line / PROGRESS_EVERY) > Math.floor(lastLine / PROGRESS_EVERY))
      out.push({ kind: 'progress', lines: line });
    lastLine = line;
    if (endLine !== null)
      throw new ImportFileError(`Line ${line} comes after the 900 end record of line ${endLine}`, line);
    if (!header) {
      const named = (record.fields[1] ?? '').trim().toUpperCase();
      if (indicator === '100' && (named === 'NEM12' || named === 'NEM13')) {
        header = true;
        version = named;
        continue;
      }
      throw new ImportFileError(
        'The file does not start with a NEM12 header (a 100 record reading NEM12)',
        line,
      );
    }
    if (indicator !== '400' && indicator !== '500') finishDay();
    const brokenFrom = shortDay;
    shortDay = null;
    if (version === 'NEM13' && indicator !== '900') {
      if (indicator === '250') out.push(readBasicRecord(record.fields, line));
      else if (indicator !== '550')
        out.push(fault(line, `'${indicator}' is not a NEM13 record (100, 250, 550 or 900)`));
      continue;
    }
    switch (indicator) {
      case '200': {
        const read = readStream(record.fields);
        if (typeof read === 'string') {
          out.push(fault(line, `200 record: ${read}; its interval data is not read`));
          stream = 'refused';
        } else if ('skip' in read) {
          out.push({ kind: 'skipped', part: { line, text: read.skip } });
          stream = 'refused';
        } else stream = read;
        break;
      }
      case '300': {
        if (stream === 'refused') break;
        if (!stream) {
          out.push(fault(line, '300 record before any 200 record: no NMI to read it for'));
          break;
        }
        const read = readDay(record, stream);
        if (typeof read === 'string') {
          out.push(fault(line, read));
          if (read.includes(' interval values; ')) shortDay = line;
        } else day = read;
        break;
      }
      case '400': {
        if (stream === 'refused') break;
        if (!day || !stream) {
          out.push(fault(line, '400 record without a 300 record before it'));
          break;
        }
        const problem = applyOverride(record.fields, day, stream);
        if (problem) {
          out.push(fault(line, problem));
          day = null; // the day cannot be read right without it; its 300 record is not refused twice
        }
        break;
      }
      case '500':
        break;
      case '900':
        if (record.fields.slice(1).some((f) => f.trim() !== ''))
          throw new ImportFileError(`The 900 end record at line ${line} has fields after 900`, line);
        endLine = line;
        break;
      case '100':
        throw new ImportFileError(`A second 100 header at line ${line}: one file, one header`, line);
      default:
        out.push(
          fault(
            line,
            brokenFrom !== null && decimal(indicator) !== null
              ? `the rest of the 300 record of line ${brokenFrom}, broken across lines: a record must be on one line`
              : `'${indicator}' is not a NEM12 record (100, 200, 300, 400, 500 or 900)`,
          ),
        );
    }
  }
  if (!header) throw new ImportFileError('The file is empty');
  finishDay();
  if (endLine === null)
    throw new ImportFileError('The file has no 900 end record: it may have been cut short', lastLine);
  out.push({ kind: 'progress', lines: lastLine });
  yield out;
}

/** NEM12's events one by one (parseNem12Batches gives them in arrays, faster to iterate). */
export const parseNem12 = (source: TextSource) => eventsOf(parseNem12Batches(source));
