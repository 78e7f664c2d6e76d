import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { fill } from '../messages';
import { IMPORT_MSG, ImportFileError } from './import-messages';

/** One CSV record and the line of the file it ends on (1-based, for the error report). */
export interface CsvRecord {
  line: number;
  fields: string[];
  /** Why the row cannot be read as it stands (an XLSX cell holding an error or an unsaved formula), if so. */
  problem?: string;
}

/**
 * The records of a CSV text, streamed through csv-parse (quoted fields, embedded line breaks, a byte-order mark,
 * CRLF or LF): never the whole file in memory. Rows of another length than the header are passed on as they
 * are, for the caller to refuse by line; a file that is not CSV at all (a quote never closed, for example, in a
 * file cut short) ends with an ImportFileError.
 */
export async function* csvRecords(
  text: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  format = 'CSV',
): AsyncGenerator<CsvRecord> {
  const source = Readable.from(text);
  const parser = source.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }),
  );
  // A pipe does not pass its source's error on: the text's own (a file that stops being UTF-8) ends the records.
  source.once('error', (error) => parser.destroy(error));
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { line: item.info.lines, fields: item.record };
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw new ImportFileError(fill(IMPORT_MSG.fileUnreadable, { format, detail: error.message }));
    throw error;
  } finally {
    parser.destroy();
  }
}

/**
 * The first rows of a CSV text that may be cut anywhere (the first bytes of a file): the complete lines only,
 * at most `limit` rows. Empty when not even the header row is complete or the text is not CSV.
 */
export function csvHead(text: string, limit = 6): string[][] {
  const end = text.lastIndexOf('\n');
  const complete = end < 0 ? '' : text.slice(0, end + 1);
  try {
    return parseSync(complete, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to: limit,
    });
  } catch {
    return [];
  }
}
