import { loose } from './csv-text';

/**
 * How the columns of a CSV file of readings map onto readings (the upload dialog's column-mapping step). Column
 * values are header names as the file writes them. Either `timestamp`, or `date` and `period`, give the time.
 */
export interface ReadingsMapping {
  /** The data source: its local name, meter number or ICP/NMI. */
  meter: string;
  timestamp: string | null;
  date: string | null;
  /** The interval of the local day, from 1 (for 30 minutes: 1 to 48, 46 or 50 on the changeover days). */
  period: string | null;
  value: string;
  register: string | null;
  /** A or actual, E or estimated, S substituted, F final substituted, V variable. */
  quality: string | null;
  /** import or export. */
  direction: string | null;
  /** The values' unit: kWh, Wh, MWh, or the data source's own unit. */
  valueUnit: 'kWh' | 'Wh' | 'MWh' | 'meter';
  intervalMinutes: 5 | 15 | 30 | 60;
  /** Whether a timestamp marks the start or the end of its interval. */
  timestampMarks: 'start' | 'end';
  /** d/M/yyyy (true) or M/d/yyyy (false) where a date is not yyyy-MM-dd. */
  dayFirst: boolean;
}

export const MAPPING_COLUMNS = [
  'meter',
  'timestamp',
  'date',
  'period',
  'value',
  'register',
  'quality',
  'direction',
] as const;
export type MappingColumn = (typeof MAPPING_COLUMNS)[number];

/** How the dialog names each column of the mapping. */
export const MAPPING_LABELS: Record<MappingColumn, string> = {
  meter: 'Data source (local name, meter number or ICP)',
  timestamp: 'Date and time',
  date: 'Date',
  period: 'Period',
  value: 'Reading',
  register: 'Register',
  quality: 'Quality flag',
  direction: 'Direction (import or export)',
};

/** The key a mapping is remembered under: the header row, compared loosely. */
export const headerKey = (headers: readonly string[]) => headers.map(loose).join('|');

const GUESSES: [MappingColumn, RegExp][] = [
  ['meter', /\b(icp|nmi|meter|data source|local name|account)\b/],
  [
    'timestamp',
    /\b(timestamp|date ?time|interval (start|end)|read(ing)? time|time ?stamp|start time|end time)\b/,
  ],
  ['date', /\b(date|day|read date)\b/],
  ['period', /\b(period|trading period|interval|hh|half hour)\b/],
  ['value', /\b(kwh|wh|mwh|value|consumption|usage|reading|quantity|energy|import)\b/],
  ['register', /\b(register|channel|suffix|stream)\b/],
  ['quality', /\b(quality|flag|estimated?|status|method)\b/],
  ['direction', /\b(direction|flow)\b/],
];

/** A first mapping from the header names alone: the dialog shows it for the user to correct. */
export function guessMapping(headers: readonly string[]): ReadingsMapping {
  const taken = new Set<string>();
  const pick = (column: MappingColumn) => {
    const pattern = GUESSES.find(([c]) => c === column)?.[1];
    const found = headers.find((h) => !taken.has(h) && pattern?.test(loose(h)));
    if (found) taken.add(found);
    return found ?? null;
  };
  const meter = pick('meter');
  const timestamp = pick('timestamp');
  const date = timestamp ? null : pick('date');
  const period = timestamp ? null : pick('period');
  const value = pick('value');
  const register = pick('register');
  const quality = pick('quality');
  const direction = pick('direction');
  const valueHeader = loose(value ?? '');
  return {
    meter: meter ?? '',
    timestamp,
    date,
    period,
    value: value ?? '',
    register,
    quality,
    direction,
    valueUnit: /\bmwh\b/.test(valueHeader) ? 'MWh' : /\bwh\b/.test(valueHeader) ? 'Wh' : 'kWh',
    intervalMinutes: 30,
    timestampMarks: /\bend\b/.test(loose(timestamp ?? '')) ? 'end' : 'start',
    dayFirst: true,
  };
}

/** What keeps a mapping from being used with a file's headers (empty when it can be). */
export function mappingProblems(mapping: ReadingsMapping, headers: readonly string[]): string[] {
  const problems: string[] = [];
  const has = new Set(headers);
  if (!mapping.meter) problems.push('Choose the column that names the data source.');
  if (!mapping.value) problems.push('Choose the column of the readings.');
  if (!mapping.timestamp && !(mapping.date && mapping.period))
    problems.push('Choose a date and time column, or a date column and a period column.');
  for (const column of MAPPING_COLUMNS) {
    const header = mapping[column];
    if (header && !has.has(header)) problems.push(`The file has no column "${header}".`);
  }
  return problems;
}
