import { fill } from '../messages';
import { EDITION_MSG } from './edition-messages';

/**
 * A publisher's file as rows of factors (docs/decisions/catalogue.md, Editions loaded from files). Three layouts:
 * our documented one (one row per factor, naming its data type), the UK DESNZ flat file (one row per gas) and the
 * New Zealand MfE long CSV (one row per gas). Each becomes `PublishedRow`s: a factor as the publisher prints it,
 * keyed by its labels and unit so that a saved mapping can say which data type, scope and unit it is.
 */

export const EDITION_LAYOUTS = ['documented', 'desnz-flat', 'mfe-long'] as const;
export type EditionLayout = (typeof EDITION_LAYOUTS)[number];

export const LAYOUT_NAMES: Record<EditionLayout, string> = {
  documented: 'Verdant edition file (CSV or XLSX)',
  'desnz-flat': 'UK DESNZ flat file (XLSX or CSV)',
  'mfe-long': 'NZ MfE emission factors, long CSV',
};

/** More rows than any publisher's file has (DESNZ's flat file is about 7,000 rows, MfE's long CSV about 4,500). */
export const EDITION_MAX_ROWS = 20_000;

/** One record of the file and its line (1-based). */
export interface EditionRecord {
  line: number;
  fields: string[];
}

export type Scope = 1 | 2 | 3;
export type Basis = 'location' | 'residual-mix';

export interface PublishedRow {
  /** The file's line of the row's total (of its first gas row where no total is printed). */
  line: number;
  /** The mapping key: labels and unit, lower case, a year in a label as {year} and a quarter as {quarter}. */
  key: string;
  /** The labels as printed, joined with ' > '. */
  label: string;
  unit: string;
  /** The scope the publisher gives (a hint for the mapping; the mapping decides), null where none. */
  scope: Scope | null;
  /** The documented layout's own columns. */
  dataTypeName?: string;
  basis?: Basis | null;
  /** The period the row says (a year or quarter in its label, or the documented layout's dates), else null. */
  from: string | null;
  till: string | null;
  /** kg CO2e per published unit, and its gas parts where printed. */
  total: number;
  co2: number | null;
  ch4: number | null;
  n2o: number | null;
}

export interface ParsedEdition {
  rows: PublishedRow[];
  /** Rows the file itself gets wrong: any refuses the whole file. */
  refused: { line: number; reason: string }[];
  /** Rows left out on purpose (no value printed, a measure that is not kg CO2e), counted for the screen. */
  blank: number;
  /** What the file says about itself: the documented layout's publisher and edition, DESNZ's year. */
  meta: { publisher?: string; edition?: string; year?: number };
}

/** A number as publishers print it: thousands separators and spaces allowed, blank means none. */
export function numberOf(text: string): number | null | 'invalid' {
  const t = text.replaceAll(',', '').replaceAll(' ', '').trim();
  if (t === '' || t === '-' || t.toLowerCase() === 'n/a') return null;
  if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return 'invalid';
  const n = Number(t);
  return Number.isFinite(n) ? n : 'invalid';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const QUARTER = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*[- ](\d{4})\b/i;
const YEAR = /\b(19\d{2}|20\d{2})\b/;
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A label's period: 'Electricity Used - 2024' is the calendar year 2024, 'Electricity Used - Dec-2024' the quarter
 * ending December 2024. The key keeps the label with the year or quarter as a placeholder, so one mapping serves
 * every year of a series.
 */
export function periodOfLabel(label: string): { template: string; from: string; till: string } | null {
  const q = QUARTER.exec(label);
  if (q) {
    const month = MONTHS.indexOf((q[1] ?? '').slice(0, 3).toLowerCase()) + 1;
    const year = Number(q[2]);
    const startMonth = month - 2;
    const start = startMonth >= 1 ? { y: year, m: startMonth } : { y: year - 1, m: startMonth + 12 };
    return {
      template: label.replace(QUARTER, '{quarter}'),
      from: `${start.y}-${pad(start.m)}-01`,
      till: `${year}-${pad(month)}-${pad(lastDay(year, month))}`,
    };
  }
  const y = YEAR.exec(label);
  if (y) {
    const year = Number(y[1]);
    return { template: label.replace(YEAR, '{year}'), from: `${year}-01-01`, till: `${year}-12-31` };
  }
  return null;
}

/** The key and period of a row from its labels (the last label may carry the year) and unit. */
export function keyOf(labels: string[], unit: string) {
  const parts = labels.map((l) => l.trim()).filter(Boolean);
  let period: { from: string; till: string } | null = null;
  const templated = parts.map((p) => {
    const found = periodOfLabel(p);
    if (!found || period) return p;
    period = { from: found.from, till: found.till };
    return found.template;
  });
  const key = [...templated, unit.trim()].join(' | ').toLowerCase().replace(/\s+/g, ' ');
  return { key, label: parts.join(' > '), period: period as { from: string; till: string } | null };
}

/** Column positions by header name (case and spacing ignored), or the first missing required column. */
export function columns<K extends string>(
  header: string[],
  wanted: Record<K, { names: string[]; required: boolean }>,
): { at: Record<K, number> } | { missing: string } {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  const cells = header.map(norm);
  const at = {} as Record<K, number>;
  for (const [k, spec] of Object.entries(wanted) as [K, { names: string[]; required: boolean }][]) {
    const names = spec.names.map(norm);
    const i = cells.findIndex((c) => names.includes(c));
    if (i < 0 && spec.required) return { missing: spec.names[0] ?? k };
    at[k] = i;
  }
  return { at };
}

/** A refusal for a cell that should be a number, or its value. */
export function valueIn(
  line: number,
  text: string,
  refused: { line: number; reason: string }[],
): number | null | undefined {
  const n = numberOf(text);
  if (n === 'invalid') {
    refused.push({ line, reason: fill(EDITION_MSG.notNumber, { line, value: text }) });
    return undefined;
  }
  return n;
}

/** Refuses a file with more rows than an edition may have. */
export function checkRowCount(count: number) {
  return count > EDITION_MAX_ROWS
    ? fill(EDITION_MSG.tooManyRows, { max: EDITION_MAX_ROWS.toLocaleString('en-NZ') })
    : null;
}

export type Measure = 'total' | 'co2' | 'ch4' | 'n2o';

/**
 * Gathers the rows of one factor printed once per measure (its total and each gas) into one `PublishedRow`; a
 * measure printed twice for the same labels is refused. A factor printed only as its gases takes their sum.
 */
export function measureGroups(refused: { line: number; reason: string }[]) {
  const groups = new Map<string, PublishedRow & { seen: Set<Measure> }>();
  return {
    add(
      group: string,
      base: Omit<PublishedRow, 'total' | 'co2' | 'ch4' | 'n2o'>,
      measure: Measure,
      value: number,
      printed: string,
    ) {
      let row = groups.get(group);
      if (!row) {
        row = { ...base, total: Number.NaN, co2: null, ch4: null, n2o: null, seen: new Set() };
        groups.set(group, row);
      }
      if (row.seen.has(measure)) {
        const what = `${row.label}, ${row.unit}, ${printed}`;
        refused.push({
          line: base.line,
          reason: fill(EDITION_MSG.duplicate, { line: base.line, first: row.line, what }),
        });
        return;
      }
      row.seen.add(measure);
      if (measure === 'total') {
        row.total = value;
        row.line = base.line;
      } else row[measure] = value;
    },
    rows(): PublishedRow[] {
      return [...groups.values()].map(({ seen, ...row }) => ({
        ...row,
        total: Number.isNaN(row.total) ? (row.co2 ?? 0) + (row.ch4 ?? 0) + (row.n2o ?? 0) : row.total,
      }));
    },
  };
}
