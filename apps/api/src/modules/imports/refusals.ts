import type { RefusedRow } from '@verdant/domain/imports/types';
import { csvText } from '../../lib/spreadsheet';

/** The error report names at most this many rows (the load's page counts every reason, whatever their number). */
export const REPORT_LIMIT = 10_000;
/** Distinct reasons counted: beyond, a reason's rows are counted under "other reasons". */
const REASON_LIMIT = 10_000;

/** One reason a load refused rows for, with how many rows it refused and the first of them. */
export interface ReasonCount {
  reason: string;
  rows: number;
  firstLine: number;
}

/**
 * The rows a load refused (docs/decisions/imports.md, Refusals name rows): a row is a line of the file however
 * many readings it carries (a NEM12 300 record's 48 intervals, refused for one reason, are one row refused once),
 * and the whole file is read so that every distinct reason is counted in one pass. The error report lists the
 * first rows with their reasons.
 */
export class Refusals {
  /** Rows (lines of the file) refused. */
  count = 0;
  readonly rows: RefusedRow[] = [];
  private readonly reasons = new Map<string, ReasonCount>();
  private otherRows = 0;
  private line = Number.NaN;
  private lineReasons = new Set<string>();
  /** Lines seen out of file order (a parser that passes rows on after reading them all), so counted apart. */
  private readonly lines = new Set<number>();

  add(row: RefusedRow) {
    if (row.line !== this.line) {
      this.line = row.line;
      this.lineReasons = new Set();
      if (!this.lines.has(row.line)) {
        this.count += 1;
        if (this.lines.size < REPORT_LIMIT * 10) this.lines.add(row.line);
      }
    }
    if (this.lineReasons.has(row.reason)) return;
    this.lineReasons.add(row.reason);
    if (this.rows.length < REPORT_LIMIT) this.rows.push(row);
    const counted = this.reasons.get(row.reason);
    if (counted) counted.rows += 1;
    else if (this.reasons.size < REASON_LIMIT)
      this.reasons.set(row.reason, { reason: row.reason, rows: 1, firstLine: row.line });
    else this.otherRows += 1;
  }

  /** Every distinct reason with its rows, most rows first (then in file order). */
  summary(): ReasonCount[] {
    const out = [...this.reasons.values()].sort((a, b) => b.rows - a.rows || a.firstLine - b.firstLine);
    if (this.otherRows > 0) out.push({ reason: 'Other reasons', rows: this.otherRows, firstLine: 0 });
    return out;
  }

  /** The rows a reason refused. */
  rowsOf(reason: string) {
    return this.reasons.get(reason)?.rows ?? 0;
  }

  /** The downloadable report: one line per refused row and reason, its line in the file and the reason. */
  csv(): Buffer {
    const rows = [...this.rows].sort((a, b) => a.line - b.line).map((r) => [r.line, r.reason]);
    if (this.count > this.listedRows())
      rows.push([
        '',
        `... and ${this.count - this.listedRows()} more rows refused, not listed: the load's page counts every reason`,
      ]);
    return Buffer.from(csvText([['Line', 'Reason'], ...rows]));
  }

  private listedRows() {
    return new Set(this.rows.map((r) => r.line)).size;
  }
}
