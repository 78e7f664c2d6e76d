import { BENCHMARK_MIN_YEAR, BENCHMARK_MSG, BENCHMARK_UNITS, fillBenchmark } from './benchmark-rules';

/**
 * The documented CSV layouts of the benchmark library (docs/samples/README.md):
 * the rows of a published set's types and of a degree-day series, checked whole. A file with any problem is
 * refused with every row named; nothing of it is stored.
 */

/** One CSV record and the line it started on. */
export interface FileRecord {
  line: number;
  fields: string[];
}

export const SET_COLUMNS = [
  'type_key',
  'type_name',
  'unit',
  'total',
  'electricity',
  'fossil',
  'good_practice',
  'p25',
  'p75',
  'publication',
  'secondary',
] as const;
const REQUIRED_SET_COLUMNS = ['type_key', 'type_name', 'unit', 'publication'] as const;
export const DEGREE_DAY_COLUMNS = ['month', 'hdd'] as const;
export const SET_MAX_TYPES = 500;
export const DEGREE_DAY_MAX_MONTHS = 1200;

export type SetMetric = 'site-energy' | 'electricity-fossil';

export interface SetValueRow {
  typeKey: string;
  typeName: string;
  total: number | null;
  electricity: number | null;
  fossil: number | null;
  goodPracticeTotal: number | null;
  p25: number | null;
  p75: number | null;
  publication: string;
  secondary: boolean;
}

export type FileCheck<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const TYPE_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const YES = ['yes', 'true', '1', 'y'];
const NO = ['no', 'false', '0', 'n', ''];

/** The columns the header names, by lower-cased name; the names missing from `required`. */
function headerOf(records: FileRecord[], required: readonly string[]) {
  const header = (records[0]?.fields ?? []).map((f) => f.trim().toLowerCase());
  const at = new Map(header.map((name, i) => [name, i]));
  return { at, missing: required.filter((c) => !at.has(c)) };
}

const cell = (r: FileRecord, at: Map<string, number>, column: string) => {
  const i = at.get(column);
  return i === undefined ? '' : (r.fields[i] ?? '').trim();
};

/** A figure cell: empty is null; otherwise a number of at least 0. */
function figure(row: number, field: string, raw: string, problems: string[]): number | null {
  if (raw === '') return null;
  const value = Number(raw.replace(/,/g, ''));
  if (!Number.isFinite(value)) {
    problems.push(fillBenchmark(BENCHMARK_MSG.notNumber, { row, field, value: raw }));
    return null;
  }
  if (value < 0) {
    problems.push(fillBenchmark(BENCHMARK_MSG.valueNegative, { row, field }));
    return null;
  }
  return value;
}

/** A benchmark set's types: one unit the library knows, figures of at least 0, each type once. */
export function checkSetFile(
  records: FileRecord[],
  metric: SetMetric,
): FileCheck<{ unit: string; values: SetValueRow[] }> {
  const { at, missing } = headerOf(records, REQUIRED_SET_COLUMNS);
  if (records.length === 0 || missing.length > 0)
    return {
      ok: false,
      problems: [
        fillBenchmark(BENCHMARK_MSG.headerMissing, {
          columns: (missing.length ? missing : REQUIRED_SET_COLUMNS).join(', '),
        }),
      ],
    };
  const rows = records.slice(1).filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (rows.length === 0) return { ok: false, problems: [BENCHMARK_MSG.fileEmpty] };
  if (rows.length > SET_MAX_TYPES)
    return { ok: false, problems: [fillBenchmark(BENCHMARK_MSG.fileTooLong, { max: SET_MAX_TYPES })] };
  const problems: string[] = [];
  const seen = new Set<string>();
  const values: SetValueRow[] = [];
  let unit: string | null = null;
  for (const r of rows) {
    const row = r.line;
    const get = (column: string) => cell(r, at, column);
    const typeKey = get('type_key').toLowerCase();
    if (!TYPE_KEY.test(typeKey))
      problems.push(fillBenchmark(BENCHMARK_MSG.typeKeyInvalid, { row, type: get('type_key') }));
    else if (seen.has(typeKey)) problems.push(fillBenchmark(BENCHMARK_MSG.typeTwice, { row, type: typeKey }));
    seen.add(typeKey);
    if (get('type_name') === '') problems.push(fillBenchmark(BENCHMARK_MSG.typeNameRequired, { row }));
    const rowUnit = get('unit');
    if (!(rowUnit in BENCHMARK_UNITS))
      problems.push(fillBenchmark(BENCHMARK_MSG.unitUnknown, { row, unit: rowUnit }));
    else if (unit !== null && rowUnit !== unit)
      problems.push(fillBenchmark(BENCHMARK_MSG.unitMixed, { row, unit: rowUnit, first: unit }));
    else unit = rowUnit;
    const n = (column: string) => figure(row, column, get(column), problems);
    const v: SetValueRow = {
      typeKey,
      typeName: get('type_name'),
      total: n('total'),
      electricity: n('electricity'),
      fossil: n('fossil'),
      goodPracticeTotal: n('good_practice'),
      p25: n('p25'),
      p75: n('p75'),
      publication: get('publication'),
      secondary: YES.includes(get('secondary').toLowerCase()),
    };
    if (!YES.includes(get('secondary').toLowerCase()) && !NO.includes(get('secondary').toLowerCase()))
      problems.push(fillBenchmark(BENCHMARK_MSG.secondaryInvalid, { row, value: get('secondary') }));
    if (v.publication === '') problems.push(fillBenchmark(BENCHMARK_MSG.publicationRequired, { row }));
    if (metric === 'site-energy' && v.total === null && get('total') === '')
      problems.push(fillBenchmark(BENCHMARK_MSG.figureRequired, { row, what: 'the total' }));
    if (metric === 'electricity-fossil' && get('electricity') === '' && get('fossil') === '')
      problems.push(fillBenchmark(BENCHMARK_MSG.figureRequired, { row, what: 'electricity or fossil' }));
    values.push(v);
  }
  if (problems.length > 0 || unit === null) return { ok: false, problems };
  return { ok: true, value: { unit, values } };
}

/**
 * A degree-day series: a month (yyyy-MM, from 2000, over before `currentMonth`, yyyy-MM-01) and its heating
 * degree days (at least 0), each month once.
 */
export function checkDegreeDayFile(
  records: FileRecord[],
  currentMonth: string,
): FileCheck<{ month: string; hdd: number }[]> {
  const { at, missing } = headerOf(records, DEGREE_DAY_COLUMNS);
  if (records.length === 0 || missing.length > 0)
    return {
      ok: false,
      problems: [
        fillBenchmark(BENCHMARK_MSG.headerMissing, {
          columns: (missing.length ? missing : DEGREE_DAY_COLUMNS).join(', '),
        }),
      ],
    };
  const rows = records.slice(1).filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (rows.length === 0) return { ok: false, problems: [BENCHMARK_MSG.fileEmpty] };
  if (rows.length > DEGREE_DAY_MAX_MONTHS)
    return {
      ok: false,
      problems: [fillBenchmark(BENCHMARK_MSG.fileTooLong, { max: DEGREE_DAY_MAX_MONTHS })],
    };
  const problems: string[] = [];
  const seen = new Set<string>();
  const out: { month: string; hdd: number }[] = [];
  for (const r of rows) {
    const row = r.line;
    const raw = cell(r, at, 'month');
    const m = MONTH.exec(raw);
    if (!m) problems.push(fillBenchmark(BENCHMARK_MSG.hddMonthInvalid, { row, value: raw }));
    else if (Number(m[1]) < BENCHMARK_MIN_YEAR)
      problems.push(fillBenchmark(BENCHMARK_MSG.hddMonthEarly, { row }));
    else if (`${raw}-01` >= currentMonth)
      problems.push(fillBenchmark(BENCHMARK_MSG.hddMonthNotOver, { row, value: raw }));
    else if (seen.has(raw)) problems.push(fillBenchmark(BENCHMARK_MSG.hddMonthTwice, { row, value: raw }));
    seen.add(raw);
    const hdd = figure(row, 'hdd', cell(r, at, 'hdd'), problems);
    if (hdd === null && cell(r, at, 'hdd') === '')
      problems.push(fillBenchmark(BENCHMARK_MSG.figureRequired, { row, what: 'the heating degree days' }));
    if (m && hdd !== null) out.push({ month: `${raw}-01`, hdd });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: out };
}

/** The refusal's message: the first problem, and how many more (every one is in the answer's fields). */
export const problemsMessage = (problems: string[]) =>
  problems.length <= 1
    ? (problems[0] ?? BENCHMARK_MSG.fileEmpty)
    : fillBenchmark(BENCHMARK_MSG.andMore, { first: problems[0] ?? '', more: problems.length - 1 });
