import { IMPORT_FORMAT_LABELS } from '@verdant/contracts/imports';
import type { ReadingsMapping } from '@verdant/domain/imports/csv-mapping';
import { detectCsvFormat, parsePeriodCsv } from '@verdant/domain/imports/csv-periods';
import { parseCsvReadings } from '@verdant/domain/imports/csv-readings';
import { csvHead } from '@verdant/domain/imports/csv-records';
import { IMPORT_MSG, ImportFileError } from '@verdant/domain/imports/import-messages';
import type { ImportEvent, ImportFormat } from '@verdant/domain/imports/types';
import { fill } from '@verdant/domain/messages';

/** Formats of interval readings (half-hour data); the others are one row per invoice or consumption record. */
export const INTERVAL_FORMATS: ReadonlySet<ImportFormat> = new Set([
  'csv-readings',
  'nem12',
  'eiep3',
  'eiep13a',
  'green-button',
]);

/** The format a file's first bytes show, or null when they show none the import knows. */
export function detectFormat(head: string): ImportFormat | null {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<')) return /IntervalBlock|espi/i.test(text) ? 'green-button' : null;
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  if (/^100\s*,\s*NEM12/i.test(first)) return 'nem12';
  if (/^HDR\s*,/i.test(first)) return /EIEP\s*13A/i.test(first) ? 'eiep13a' : 'eiep3';
  // A CSV: a header of at least two named columns, and a first row as wide.
  const [headers] = csvHead(`${first}\n`, 1);
  const row = csvHead(text, 2)[1];
  if (!headers || headers.filter(Boolean).length < 2 || (row && row.length !== headers.length)) return null;
  return detectCsvFormat(headers);
}

/** The header row of a CSV head (the first bytes of a file), or an empty list. */
export const headersOf = (head: string) => csvHead(head, 1)[0] ?? [];

/** The parser of a format over the file's text. */
export function parserFor(
  format: ImportFormat,
  text: AsyncIterable<string>,
  options: { mapping: ReadingsMapping | null; zone: string },
): AsyncIterable<ImportEvent> {
  switch (format) {
    case 'csv-readings':
      if (!options.mapping) throw new ImportFileError(IMPORT_MSG.mappingNeeded);
      return parseCsvReadings(text, { mapping: options.mapping, zone: options.zone });
    case 'csv-invoices':
    case 'csv-consumption':
    case 'portfolio-manager':
      return parsePeriodCsv(text, format);
    default:
      throw new ImportFileError(
        fill(IMPORT_MSG.fileUnreadable, { format: IMPORT_FORMAT_LABELS[format], detail: 'no reader yet' }),
      );
  }
}
