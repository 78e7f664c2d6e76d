import { csvHead } from '@verdant/domain/imports/csv-records';
import { portfolioManagerColumns } from '@verdant/domain/imports/portfolio-manager';
import type { ImportFormat } from '@verdant/domain/imports/types';
import { encodingOf } from './file-text';
import { detectFormat } from './parsers';
import { looksLikeWorkbook, readWorkbook } from './workbook-records';

/** The most of a workbook the preview reads: a Portfolio Manager export is far smaller. */
export const WORKBOOK_PREVIEW_BYTES = 5 * 1024 * 1024;
const SHOWN = 5;

/**
 * What the upload dialog shows of a file from its first bytes (a workbook whole, when the dialog sends it whole):
 * its format, and for a sheet of rows its header and first rows (a Portfolio Manager export from its header,
 * below its title rows). A workbook that cannot be read from what was sent shows no format, for the user to
 * choose.
 */
export async function previewRows(
  head: Buffer,
): Promise<{ format: ImportFormat | null; headers: string[]; rows: string[][]; text: string }> {
  if (looksLikeWorkbook(head)) {
    try {
      const book = await readWorkbook(head);
      const [header, ...rest] = book.records;
      return {
        format: book.format,
        headers: header?.fields ?? [],
        rows: rest.slice(0, SHOWN).map((r) => r.fields),
        text: '',
      };
    } catch {
      return { format: null, headers: [], rows: [], text: '' };
    }
  }
  const text = new TextDecoder(encodingOf(head)).decode(head);
  const format = detectFormat(text);
  if (format === 'portfolio-manager') {
    const all = csvHead(text, 40);
    const at = Math.max(
      0,
      all.findIndex((r) => portfolioManagerColumns(r) !== null),
    );
    return { format, headers: all[at] ?? [], rows: all.slice(at + 1, at + 1 + SHOWN), text };
  }
  const isCsv = format === 'csv-readings' || format === 'csv-invoices' || format === 'csv-consumption';
  const rows = isCsv ? csvHead(text, SHOWN + 1) : [];
  return { format, headers: rows[0] ?? [], rows: rows.slice(1), text };
}
