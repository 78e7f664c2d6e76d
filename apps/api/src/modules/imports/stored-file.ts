import { Readable } from 'node:stream';
import type { PeriodFormat } from '@verdant/domain/imports/csv-periods';
import type { CsvRecord } from '@verdant/domain/imports/csv-records';
import { IMPORT_MSG, ImportFileError } from '@verdant/domain/imports/import-messages';
import { fill } from '@verdant/domain/messages';
import type { Storage } from '../../lib/storage';
import { openText } from './file-text';
import { looksLikeWorkbook, readWorkbook, WORKBOOK_MAX_MB } from './workbook-records';
import { isZip } from './zip-entries';

export type OpenedFile =
  | { kind: 'text'; head: string; text: AsyncIterable<string> }
  | { kind: 'workbook'; sheet: string; format: PeriodFormat; records: CsvRecord[] };

/**
 * A stored file opened for its load: an XLSX workbook (known by its first bytes) read whole into the records of
 * its sheet, else text streamed (file-text.ts).
 */
export async function openStored(stream: Readable, onBytes: (bytes: number) => void): Promise<OpenedFile> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await iterator.next();
  const head: Buffer = first.done ? Buffer.alloc(0) : first.value;
  if (looksLikeWorkbook(head)) {
    const chunks = [head];
    let size = head.length;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      size += next.value.length;
      if (size > WORKBOOK_MAX_MB * 1024 * 1024) {
        stream.destroy();
        throw new ImportFileError(fill(IMPORT_MSG.workbookFileTooLarge, { size: WORKBOOK_MAX_MB }));
      }
      chunks.push(next.value);
      onBytes(size);
    }
    return { kind: 'workbook', ...(await readWorkbook(Buffer.concat(chunks))) };
  }
  async function* again() {
    try {
      if (!first.done) yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      stream.destroy();
    }
  }
  return { kind: 'text', ...(await openText(Readable.from(again()), onBytes)) };
}

/** What a stored file is, by its first bytes: an XLSX workbook, another zip archive, or text. */
export async function storedKind(storage: Storage, key: string): Promise<'workbook' | 'zip' | 'text'> {
  const stream = await storage.get(key);
  if (!stream) return 'text';
  try {
    for await (const chunk of stream) {
      const first = chunk as Buffer;
      return looksLikeWorkbook(first) ? 'workbook' : isZip(first) ? 'zip' : 'text';
    }
    return 'text';
  } finally {
    stream.destroy();
  }
}
