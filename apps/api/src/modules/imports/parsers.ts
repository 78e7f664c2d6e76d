import type { ReadingsMapping } from '@verdant/domain/imports/csv-mapping';
import { parsePeriodCsv, parsePeriodRecords } from '@verdant/domain/imports/csv-periods';
import { parseCsvReadings } from '@verdant/domain/imports/csv-readings';
import { csvHead } from '@verdant/domain/imports/csv-records';
import { parseEiep3Batches } from '@verdant/domain/imports/eiep3';
import { parseEiep13aBatches } from '@verdant/domain/imports/eiep13a';
import { parseGreenButtonBatches } from '@verdant/domain/imports/green-button';
import { IMPORT_MSG, ImportFileError } from '@verdant/domain/imports/import-messages';
import { parseNem12Batches } from '@verdant/domain/imports/nem12';
import type { ImportEvent, ImportFormat } from '@verdant/domain/imports/types';
import type { OpenedFile } from './stored-file';

/** Formats of interval readings (half-hour data); the others are one row per invoice or consumption record. */
export const INTERVAL_FORMATS: ReadonlySet<ImportFormat> = new Set([
  'csv-readings',
  'nem12',
  'eiep3',
  'eiep13a',
  'green-button',
]);

/** The format a file's first bytes show, or null when they show none the import knows. */
export { detectFormat } from '@verdant/domain/imports/detect';

/** The header row of a CSV head (the first bytes of a file), or an empty list. */
export const headersOf = (head: string) => csvHead(head, 1)[0] ?? [];

/** The parser of a format over the file's text: its events one by one, or in batches (arrays). */
export function parserFor(
  format: ImportFormat,
  text: AsyncIterable<string>,
  options: { mapping: ReadingsMapping | null; zone: string },
): AsyncIterable<ImportEvent | ImportEvent[]> {
  switch (format) {
    case 'csv-readings':
      if (!options.mapping) throw new ImportFileError(IMPORT_MSG.mappingNeeded);
      return parseCsvReadings(text, { mapping: options.mapping, zone: options.zone });
    case 'csv-invoices':
    case 'csv-consumption':
    case 'portfolio-manager':
      return parsePeriodCsv(text, format);
    case 'nem12':
      return parseNem12Batches(text);
    case 'eiep3':
      return parseEiep3Batches(text);
    case 'eiep13a':
      return parseEiep13aBatches(text);
    case 'green-button':
      return parseGreenButtonBatches(text, { timeZone: options.zone });
  }
}

/** The events of an opened file: a workbook's records through the period parsers, text through its format's. */
export function eventsOf(
  opened: OpenedFile,
  format: ImportFormat,
  options: { mapping: ReadingsMapping | null; zone: string },
): AsyncIterable<ImportEvent | ImportEvent[]> {
  return opened.kind === 'workbook'
    ? parsePeriodRecords(opened.records, opened.format)
    : parserFor(format, opened.text, options);
}
