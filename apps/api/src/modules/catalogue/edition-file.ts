import { EDITION_MSG } from '@verdant/domain/editions/edition-messages';
import {
  EDITION_MAX_ROWS,
  type EditionLayout,
  type EditionRecord,
} from '@verdant/domain/editions/edition-rows';
import { fill } from '@verdant/domain/messages';
import { CsvError, parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors';
import { packedEntries, unpacksWithin } from '../../lib/workbook-unpack';

/** The most an edition file may be (DESNZ's flat file is about 3 MB as XLSX). */
export const EDITION_MAX_BYTES = 30 * 1024 * 1024;
const WORKBOOK_LIMITS = { maxBytes: 300 * 1024 * 1024, maxRatio: 200 };
const DESNZ_HEADER = /^ghg conversion factor\s*\d{4}$/i;

const unreadable = (layout: string, detail: string) =>
  badRequest(fill(EDITION_MSG.fileUnreadable, { layout, detail }));

const isZip = (b: Buffer) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

function csvRecords(bytes: Buffer, layout: string): EditionRecord[] {
  try {
    const rows = parse(bytes, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      to: EDITION_MAX_ROWS + 10,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return rows.map((r) => ({ line: r.info.lines, fields: r.record }));
  } catch (error) {
    throw unreadable(layout, error instanceof CsvError ? error.message : String(error));
  }
}

/** A cell as text: formulas by the value Excel saved with them, dates as yyyy-MM-dd. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  return '';
}

async function workbookRecords(bytes: Buffer, layout: EditionLayout, name: string): Promise<EditionRecord[]> {
  const entries = packedEntries(bytes);
  if (!entries || !unpacksWithin(bytes, entries, WORKBOOK_LIMITS)) throw unreadable(name, 'not a workbook');
  const workbook = new (await import('exceljs')).default.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw unreadable(name, error instanceof Error ? error.message : String(error));
  }
  const rowsOf = (sheet: ExcelJS.Worksheet) => {
    const out: EditionRecord[] = [];
    const last = Math.min(sheet.rowCount, EDITION_MAX_ROWS + 40);
    for (let n = 1; n <= last; n++) {
      const row = sheet.getRow(n);
      const fields: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) fields.push(cellText(row.getCell(c).value).trim());
      if (fields.some((f) => f !== '')) out.push({ line: n, fields });
    }
    return out;
  };
  // DESNZ's workbook has several sheets; its factors are on the one whose header names the conversion factor.
  const sheets = workbook.worksheets;
  const sheet =
    layout === 'desnz-flat'
      ? (sheets.find((s) =>
          rowsOf(s)
            .slice(0, 30)
            .some((r) => r.fields.some((f) => DESNZ_HEADER.test(f))),
        ) ?? sheets[0])
      : sheets[0];
  return sheet ? rowsOf(sheet) : [];
}

/** The records of an edition file, CSV or XLSX (told apart by their first bytes, not their names). */
export async function editionRecords(
  bytes: Buffer,
  layout: EditionLayout,
  layoutName: string,
): Promise<EditionRecord[]> {
  if (bytes.length === 0) throw badRequest(EDITION_MSG.fileEmpty);
  if (isZip(bytes)) return workbookRecords(bytes, layout, layoutName);
  return csvRecords(bytes, layoutName);
}
