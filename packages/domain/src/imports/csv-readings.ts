import { fill } from '../messages';
import { MAPPING_COLUMNS, type MappingColumn, type ReadingsMapping } from './csv-mapping';
import { csvRecords } from './csv-records';
import { loose, parseNumber } from './csv-text';
import { IMPORT_MSG, ImportFileError } from './import-messages';
import { type LocalClock, localClock, parseFileDate, parseFileDateTime } from './local-time';
import type { ImportEvent, IntervalReading, ReadingQuality } from './types';

/** Lines between two progress events. */
export const PROGRESS_EVERY = 10_000;

const QUALITY: Record<string, ReadingQuality> = {
  '': 'A',
  a: 'A',
  actual: 'A',
  e: 'E',
  est: 'E',
  estimate: 'E',
  estimated: 'E',
  s: 'S',
  substituted: 'S',
  f: 'F',
  final: 'F',
  'final substituted': 'F',
  v: 'V',
  variable: 'V',
};
const DIRECTION: Record<string, 'import' | 'export'> = {
  '': 'import',
  i: 'import',
  import: 'import',
  imp: 'import',
  consumption: 'import',
  e: 'export',
  x: 'export',
  export: 'export',
  exp: 'export',
  generation: 'export',
};
const UNIT_FACTOR: Record<ReadingsMapping['valueUnit'], number> = { kWh: 1, Wh: 0.001, MWh: 1000, meter: 1 };

type Columns = Record<MappingColumn, number>;

interface RowContext {
  mapping: ReadingsMapping;
  clock: LocalClock;
  columns: Columns;
  /** Ambiguous local times already given for a meter and register: a repeat is the second occurrence. */
  repeated: Set<string>;
}

const field = (fields: string[], index: number) => (index < 0 ? '' : (fields[index] ?? ''));

function startOf(ctx: RowContext, fields: string[], key: string): number | string {
  const { mapping, clock, columns } = ctx;
  const minutes = mapping.intervalMinutes;
  if (columns.timestamp >= 0) {
    const text = field(fields, columns.timestamp);
    const parsed = parseFileDateTime(text, mapping.dayFirst);
    if (!parsed) return fill(IMPORT_MSG.timeNotValid, { value: text });
    let utc: number | null;
    if (parsed.offset !== null) utc = parsed.wallMs - parsed.offset * 60_000;
    else {
      let occurrence: 'first' | 'second' = 'first';
      if (clock.ambiguous(parsed.wallMs)) {
        const seen = `${key}|${parsed.wallMs}`;
        if (ctx.repeated.has(seen)) occurrence = 'second';
        ctx.repeated.add(seen);
      }
      utc = clock.toUtc(parsed.wallMs, occurrence);
      if (utc === null) return fill(IMPORT_MSG.timeMissing, { value: text });
    }
    return mapping.timestampMarks === 'end' ? utc - minutes * 60_000 : utc;
  }
  const dateText = field(fields, columns.date);
  const date = parseFileDate(dateText, mapping.dayFirst);
  if (!date) return fill(IMPORT_MSG.dateNotValid, { value: dateText });
  const periodText = field(fields, columns.period);
  const day = clock.day(date);
  const last = day.minutes / minutes;
  const period = /^\d{1,4}$/.test(periodText) ? Number(periodText) : Number.NaN;
  if (!(period >= 1 && period <= last))
    return fill(IMPORT_MSG.periodNotValid, { value: periodText, date, last });
  return day.startUtcMs + (period - 1) * minutes * 60_000;
}

/** One row as a reading, the reason it is refused, or null for a row without a value (a missing interval). */
function readRow(ctx: RowContext, line: number, fields: string[]): IntervalReading | string | null {
  const { mapping, columns } = ctx;
  const meterKey = field(fields, columns.meter);
  if (!meterKey) return IMPORT_MSG.noMeter;
  const valueText = field(fields, columns.value);
  if (valueText === '') return null;
  const raw = parseNumber(valueText);
  if (raw === null) return fill(IMPORT_MSG.valueNotNumber, { value: valueText });
  const qualityText = field(fields, columns.quality);
  const quality = QUALITY[loose(qualityText)];
  if (!quality) return fill(IMPORT_MSG.qualityNotValid, { value: qualityText });
  const directionText = field(fields, columns.direction);
  const direction = DIRECTION[loose(directionText)];
  if (!direction) return fill(IMPORT_MSG.directionNotValid, { value: directionText });
  const register = field(fields, columns.register) || null;
  const start = startOf(ctx, fields, `${meterKey}|${register}`);
  if (typeof start === 'string') return start;
  return {
    line,
    meterKey,
    register,
    direction,
    quantity: 'kWh',
    startUtcMs: start,
    minutes: mapping.intervalMinutes,
    value: raw * UNIT_FACTOR[mapping.valueUnit],
    quality,
  };
}

/**
 * CSV readings by data source (docs/decisions/imports.md, CSV formats): one reading per row, the columns as
 * the mapping names them, times in the organisation's zone unless the file states an offset. Values are
 * converted to kWh unless the mapping says they are in the data source's own unit (the job converts those
 * once it knows the data source). A row without a value is a missing interval and is skipped; every other row
 * is a reading or a refused row with its reason.
 */
export async function* parseCsvReadings(
  text: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: { mapping: ReadingsMapping; zone: string },
): AsyncGenerator<ImportEvent> {
  const { mapping } = options;
  let header: string[] | null = null;
  let ctx: RowContext | null = null;
  let rows = 0;
  let lastLine = 0;
  for await (const { line, fields } of csvRecords(text, 'CSV readings')) {
    lastLine = line;
    if (!header || !ctx) {
      header = fields;
      const columns = {} as Columns;
      for (const column of MAPPING_COLUMNS) {
        const name = mapping[column];
        columns[column] = name ? fields.indexOf(name) : -1;
        if (name && columns[column] < 0)
          throw new ImportFileError(fill(IMPORT_MSG.mappingColumnMissing, { column: name }));
      }
      if (columns.timestamp >= 0) {
        columns.date = -1;
        columns.period = -1;
      } else if (columns.date < 0 || columns.period < 0) throw new ImportFileError(IMPORT_MSG.mappingNeeded);
      ctx = { mapping, clock: localClock(options.zone), columns, repeated: new Set() };
      continue;
    }
    rows += 1;
    if (rows % PROGRESS_EVERY === 0) yield { kind: 'progress', lines: line };
    if (fields.length !== header.length) {
      const reason = fill(IMPORT_MSG.columnCount, { found: fields.length, expected: header.length });
      yield { kind: 'refused', row: { line, reason } };
      continue;
    }
    const read = readRow(ctx, line, fields);
    if (read === null) continue;
    if (typeof read === 'string') yield { kind: 'refused', row: { line, reason: read } };
    else yield { kind: 'reading', reading: read };
  }
  if (rows === 0) throw new ImportFileError(IMPORT_MSG.noRows);
  yield { kind: 'progress', lines: lastLine };
}
