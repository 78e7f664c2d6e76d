import type { DateRange } from '@verdant/domain/reports/periods';

/**
 * What a report says, before it is a file (docs/decisions/reports.md, One definition, every format): a title,
 * blocks of figures, tables, charts and notes, and its provenance. Each renderer (PDF, XLSX, delimited text)
 * draws the same document, so a report is written once and offered in every format it lists.
 */

/** A cell: a number, a text, or null for a blank (a month not yet lived, a figure that is missing). */
export type Cell = string | number | null;

/** What a cell's figure lacks: shown beside it in every format. */
export type CellFlag = 'incomplete' | 'estimated' | 'missing';
export const FLAG_MARKS: Record<CellFlag, string> = { incomplete: '*', estimated: '°', missing: '–' };
export const FLAG_WORDS: Record<CellFlag, string> = {
  incomplete: 'incomplete',
  estimated: 'estimated',
  missing: 'missing',
};

export interface Column {
  key: string;
  label: string;
  /** Printed in the header: 'kWh', '$', 'kg CO2e', '%'. */
  unit?: string;
  format?: 'text' | 'number' | 'money' | 'percent' | 'date' | 'integer';
  decimals?: number;
  /** Relative width in the PDF (default 1; text columns 2). */
  width?: number;
}

export interface Row {
  cells: Record<string, Cell>;
  flags?: Partial<Record<string, CellFlag>>;
  /** A total row: bold in the PDF. */
  total?: boolean;
}

/** Rows held in memory, or read a batch at a time (the invoice register of 72,000 invoices). */
export type Rows = readonly Row[] | AsyncIterable<Row>;

export interface TableBlock {
  kind: 'table';
  title: string;
  columns: Column[];
  rows: Rows;
  /** The sheet an XLSX puts it on (default: the title). */
  sheet?: string;
  /** The table a delimited file (CSV, tab, pipe) writes: the first marked, else the first table. */
  primary?: boolean;
  /** Said under the table. */
  note?: string;
  /** Said instead of an empty table. */
  empty?: string;
}

export interface ChartBlock {
  kind: 'chart';
  title: string;
  /** An ECharts option, drawn to SVG on the server as the web draws it. */
  option: Record<string, unknown>;
  height?: number;
}

export interface FiguresBlock {
  kind: 'figures';
  items: { label: string; value: string; note?: string }[];
}

export interface TextBlock {
  kind: 'text';
  text: string;
  tone?: 'plain' | 'note' | 'warning';
}

export interface HeadingBlock {
  kind: 'heading';
  text: string;
}

export type Block = TableBlock | ChartBlock | FiguresBlock | TextBlock | HeadingBlock;

/** Where the figures came from: the provenance page of a PDF and the sheet of an XLSX. */
/** A restatement of the months a report reads: when, why, and the editions before and after. */
export type ReportRestatement = {
  id: number;
  date: string;
  reason: string;
  status: string;
  editionBefore: string | null;
  editionAfter: string | null;
};

export interface Provenance {
  organisation: string;
  report: string;
  asset: string;
  period: DateRange | null;
  /** 'Reporting year ends in June (FY 2025/26 holds the period)'. */
  reportingYear: string;
  timeZone: string;
  generatedAt: string;
  units: string[];
  editions: {
    source: string;
    edition: string | null;
    publisher: string | null;
    published: string | null;
    title: string | null;
    url: string | null;
    gwp: string | null;
  }[];
  gwpSets: string[];
  /** Restated (the facts as they stand) or as originally reported (before the restatements of its months). */
  basis: 'restated' | 'original';
  scope2Method: string;
  completeness: { measure: string; daysCovered: number; daysOpen: number; percent: number | null }[];
  /** Figures entered through data-entry portals for the period: received, approved, awaiting review. */
  portalApproval?: { received: number; approved: number; awaiting: number; percent: number | null } | null;
  estimated: { measure: string; percent: number | null }[];
  restatements: ReportRestatement[];
  /** sha-256 of the facts and inputs behind the figures, so a rerun can be shown to be the same. */
  fingerprint: string;
  inputs: string;
  notes: string[];
}

export interface ReportDocument {
  title: string;
  subtitle: string;
  blocks: Block[];
  provenance: Provenance;
  /** A report whose data is empty says 'No data found for that period.' in the file, never an empty file. */
  empty: boolean;
  /**
   * Which figures a report of kg CO2e holds, in words (restated or as originally reported, the restatements of its
   * months, the editions): a delimited output's closing line (docs/decisions/factor-editions.md).
   */
  basisText?: string;
}

/** Reads rows whether held or streamed. */
export async function* eachRow(rows: Rows): AsyncIterable<Row> {
  if (Symbol.asyncIterator in rows) {
    for await (const row of rows as AsyncIterable<Row>) yield row;
  } else {
    for (const row of rows as readonly Row[]) yield row;
  }
}
