import type { Readable } from 'node:stream';
import { IMPORT_MSG, ImportFileError } from '@verdant/domain/imports/import-messages';

/** How much of a file the format is detected from, and the upload dialog's preview reads. */
export const HEAD_BYTES = 64 * 1024;

/**
 * A stored file as text, streamed: UTF-8 decoded chunk by chunk (a byte-order mark dropped, a character split
 * between chunks kept whole), with its first bytes read ahead for format detection. `onBytes` hears how many
 * bytes have been read, for the job's progress. A file with NUL bytes is not text and is refused.
 */
export async function openText(
  stream: Readable,
  onBytes: (bytes: number) => void,
): Promise<{ head: string; text: AsyncIterable<string> }> {
  const decoder = new TextDecoder('utf-8');
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let bytes = 0;
  const read = async (): Promise<string | null> => {
    const next = await iterator.next();
    if (next.done) return null;
    bytes += next.value.length;
    onBytes(bytes);
    return decoder.decode(next.value, { stream: true });
  };
  let head = '';
  let ended = false;
  while (bytes < HEAD_BYTES) {
    const chunk = await read();
    if (chunk === null) {
      ended = true;
      head += decoder.decode();
      break;
    }
    head += chunk;
  }
  if (head.includes('\u0000')) {
    stream.destroy();
    throw new ImportFileError(IMPORT_MSG.notText);
  }
  async function* text() {
    try {
      yield head;
      if (ended) return;
      for (let chunk = await read(); chunk !== null; chunk = await read()) yield chunk;
      const rest = decoder.decode();
      if (rest) yield rest;
    } finally {
      stream.destroy();
    }
  }
  return { head, text: text() };
}
