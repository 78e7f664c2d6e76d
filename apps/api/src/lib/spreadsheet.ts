import type { PassThrough } from 'node:stream';
import { safeCell } from '@verdant/domain/spreadsheet-cells';
import { type Options, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';

/*
 * The one place the API writes CSV and XLSX (docs/decisions/security.md, "Exports neutralise formulas"):
 * every text cell goes through `safeCell`. A test fails for any other module that imports csv-stringify or
 * exceljs. ExcelJS is loaded by the first workbook written (docs/decisions/tooling.md, Heavy libraries loaded on
 * first use).
 */

const excel = async () => (await import('exceljs')).default;

const safe = (options: Options = {}): Options => ({
  ...options,
  cast: { ...options.cast, string: (value: string) => String(safeCell(value)) },
});

/** Rows (arrays or records) as CSV text. */
export const csvText = (records: readonly unknown[], options?: Options): string =>
  stringifySync(records as unknown[], safe(options));

/** A CSV writer stream: write rows, read text. */
export const csvStream = (options?: Options) => stringify(safe(options));

type Cell = string | number | null | undefined;

/** A one-sheet XLSX workbook written row by row to `stream` (no styles, no shared strings). */
export async function xlsxStream(stream: PassThrough, sheetName: string) {
  const book = new (await excel()).stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetName);
  return {
    addRow(cells: readonly Cell[]) {
      sheet.addRow(cells.map((c) => (c === null ? undefined : safeCell(c)))).commit();
    },
    async commit() {
      sheet.commit();
      await book.commit();
    },
  };
}

/** A cell's look in a styled workbook: bold (headers, totals) and an Excel number format. */
export interface CellStyle {
  bold?: boolean;
  numFmt?: string;
}

const BOLD = Object.freeze({ bold: true });
const PLAIN_CELL = Object.freeze({});
const BOLD_CELL = Object.freeze({ font: BOLD });

/**
 * A workbook of several sheets written row by row to `stream` (the reports' XLSX, docs/decisions/reports.md):
 * one sheet at a time, each committed before the next begins, so a sheet of 300,000 rows never sits in memory.
 */
export async function xlsxWorkbook(stream: PassThrough, info: { creator: string; created: Date }) {
  const book = new (await excel()).stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = info.creator;
  book.created = info.created;
  return {
    addSheet(name: string, columns: { width: number; numFmt?: string }[] = []) {
      const sheet = book.addWorksheet(name);
      if (columns.length > 0) sheet.columns = columns.map((c) => ({ width: c.width }));
      // One style object per column (and per column in bold), given to every cell: the writer recognises a
      // style object it has seen and skips rendering it again to find its id, which otherwise took a fifth of
      // a large register's time (docs/performance.md, Invoice register). Never changed once made.
      const plain = columns.map((c) => Object.freeze(c.numFmt ? { numFmt: c.numFmt } : {}));
      const bold = columns.map((c) =>
        Object.freeze({ ...(c.numFmt ? { numFmt: c.numFmt } : {}), font: BOLD }),
      );
      return {
        addRow(cells: readonly Cell[], style: CellStyle = {}) {
          const row = sheet.addRow(cells.map((c) => (c === null ? undefined : safeCell(c))));
          const styles = style.bold ? bold : plain;
          row.eachCell({ includeEmpty: true }, (cell, n) => {
            cell.style = (styles[n - 1] ?? (style.bold ? BOLD_CELL : PLAIN_CELL)) as Partial<ExcelJS.Style>;
          });
          row.commit();
        },
        commit: () => sheet.commit(),
      };
    },
    commit: () => book.commit(),
  };
}
