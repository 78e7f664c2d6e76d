import { detectCsvFormat, type PeriodFormat } from '@verdant/domain/imports/csv-periods';
import type { CsvRecord } from '@verdant/domain/imports/csv-records';
import { IMPORT_MSG, ImportFileError } from '@verdant/domain/imports/import-messages';
import { portfolioManagerColumns } from '@verdant/domain/imports/portfolio-manager';
import { fill } from '@verdant/domain/messages';
import type ExcelJS from 'exceljs';
import { packedEntries, unpacksWithin } from '../../lib/workbook-unpack';
import { isZip } from './zip-entries';

/** The most a workbook may be, packed and unpacked: Portfolio Manager's exports are a few megabytes at most. */
export const WORKBOOK_MAX_MB = 20;
export const WORKBOOK_LIMITS = { maxBytes: 200 * 1024 * 1024, maxRatio: 200 };
const HEADER_ROWS = 30;

/** Whether a file's first bytes are an Office Open XML workbook (a zip archive holding `xl/`). */
export function looksLikeWorkbook(head: Buffer) {
  if (!isZip(head)) return false;
  const text = head.toString('latin1');
  return text.includes('xl/') || text.includes('[Content_Types].xml');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell as the period parsers read dates (Excel keeps the wall-clock date as a UTC instant). */
function dateText(d: Date) {
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const minutes = d.getUTCHours() * 60 + d.getUTCMinutes();
  return minutes === 0 ? date : `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * A cell's value as text, or the reason it has none that can be trusted. A formula is never evaluated: its value
 * is the one Excel saved with it, and a formula saved without one (written by a program that does not calculate)
 * refuses its row. A merged cell reads as its merge's first cell (exceljs gives every cell of a merge that value).
 */
function cellText(value: ExcelJS.CellValue, address: string): string | { problem: string } {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('error' in value) return { problem: fill(IMPORT_MSG.cellError, { cell: address, error: value.error }) };
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    if (result === undefined || result === null)
      return { problem: fill(IMPORT_MSG.cellFormula, { cell: address }) };
    return cellText(result as ExcelJS.CellValue, address);
  }
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text, address);
  return '';
}

function rowRecord(row: ExcelJS.Row, width: number): CsvRecord {
  const fields: string[] = [];
  let problem: string | undefined;
  const last = Math.max(width, row.cellCount);
  for (let c = 1; c <= last; c++) {
    const cell = row.getCell(c);
    const text = cellText(cell.value, cell.address);
    if (typeof text === 'string') fields.push(text.trim());
    else {
      fields.push('');
      problem ??= text.problem;
    }
  }
  // Cells past the header's width that are empty are not columns (Excel writes a row only as far as its last value).
  while (fields.length > width && fields[fields.length - 1] === '') fields.pop();
  return problem ? { line: row.number, fields, problem } : { line: row.number, fields };
}

/** The layout a row heads, if it is a header row of a format a workbook may hold. */
function headerFormat(fields: string[]): PeriodFormat | null {
  if (portfolioManagerColumns(fields)) return 'portfolio-manager';
  if (fields.filter(Boolean).length < 2) return null;
  const format = detectCsvFormat(fields);
  return format === 'csv-readings' ? null : format;
}

/**
 * The bills or records of an XLSX workbook: the first sheet with a header row of Portfolio Manager's Meter
 * Entries (or its Add Bills to Meters template), an invoice CSV or a consumption CSV in its first 30 rows, as
 * records from that header on (the rows' numbers are the sheet's). The archive is checked by unpacking it with a
 * cap before the workbook reader sees it.
 */
export async function readWorkbook(
  file: Buffer,
): Promise<{ sheet: string; format: PeriodFormat; records: CsvRecord[] }> {
  const entries = packedEntries(file);
  if (!entries)
    throw new ImportFileError(fill(IMPORT_MSG.workbookUnreadable, { detail: 'not a whole zip file' }));
  if (!unpacksWithin(file, entries, WORKBOOK_LIMITS))
    throw new ImportFileError(
      fill(IMPORT_MSG.workbookTooLarge, {
        size: WORKBOOK_LIMITS.maxBytes / 1024 / 1024,
        ratio: WORKBOOK_LIMITS.maxRatio,
      }),
    );
  const workbook = new (await import('exceljs')).default.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch (error) {
    throw new ImportFileError(
      fill(IMPORT_MSG.workbookUnreadable, { detail: error instanceof Error ? error.message : String(error) }),
    );
  }
  for (const sheet of workbook.worksheets) {
    for (let n = 1; n <= Math.min(HEADER_ROWS, sheet.rowCount); n++) {
      const header = rowRecord(sheet.getRow(n), 0);
      const format = headerFormat(header.fields);
      if (!format) continue;
      const width = header.fields.length;
      const records: CsvRecord[] = [header];
      for (let r = n + 1; r <= sheet.rowCount; r++) {
        const record = rowRecord(sheet.getRow(r), width);
        if (record.fields.every((f) => f === '') && !record.problem) continue;
        while (record.fields.length < width) record.fields.push('');
        records.push(record);
      }
      return { sheet: sheet.name, format, records };
    }
  }
  throw new ImportFileError(IMPORT_MSG.workbookNoSheet);
}
