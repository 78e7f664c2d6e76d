import type { RefusedRow } from '@verdant/domain/imports/types';
import { csvText } from '../../lib/spreadsheet';

/** The error report names at most this many rows; a file with more refused is most likely the wrong format. */
export const REPORT_LIMIT = 10_000;

/** The rows a load refused, in file order, as the error report lists them. */
export class Refusals {
  count = 0;
  readonly rows: RefusedRow[] = [];

  add(row: RefusedRow) {
    this.count += 1;
    if (this.rows.length < REPORT_LIMIT) this.rows.push(row);
  }

  /** The downloadable report: one line per refused row, its line in the file and the reason. */
  csv(): Buffer {
    const rows = [...this.rows].sort((a, b) => a.line - b.line).map((r) => [r.line, r.reason]);
    if (this.count > this.rows.length)
      rows.push(['', `... and ${this.count - this.rows.length} more rows refused, not listed`]);
    return Buffer.from(csvText([['Line', 'Reason'], ...rows]));
  }
}
