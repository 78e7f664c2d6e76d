import type { Readable } from 'node:stream';
import { IMPORT_MSG, ImportFileError } from '@verdant/domain/imports/import-messages';
import { fill } from '@verdant/domain/messages';

/** How much of a file the format is detected from, and the upload dialog's preview reads. */
export const HEAD_BYTES = 64 * 1024;

/** A byte-order mark naming UTF-16 (Excel's "Unicode Text" saves UTF-16 little-endian with one). */
export function utf16Of(head: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** Whether bytes are valid UTF-8 (a character cut at the end of the bytes given aside). */
function isUtf8(bytes: Buffer) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The encoding a text file is read in, from its first bytes: UTF-16 by its byte-order mark, else UTF-8 where
 * they are valid UTF-8, else Windows-1252 (what Excel saves a "CSV" in on Windows: a euro sign is byte 0x80).
 */
export function encodingOf(head: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' {
  return utf16Of(head) ?? (isUtf8(head) ? 'utf-8' : 'windows-1252');
}

/**
 * A stored file as text, streamed: decoded chunk by chunk in the encoding its first bytes show (`encodingOf`; a
 * byte-order mark dropped, a character split between chunks kept whole), with its first bytes read ahead for
 * format detection. `onBytes` hears how many bytes have been read, for the job's progress. A file with NUL
 * bytes is not text and is refused; a file read as UTF-8 that stops being UTF-8 further on is refused with the
 * place, never read with replacement characters.
 */
export async function openText(
  stream: Readable,
  onBytes: (bytes: number) => void,
): Promise<{ head: string; text: AsyncIterable<string>; discard: () => void }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let bytes = 0;
  const first: Buffer[] = [];
  let ended = false;
  while (bytes < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    bytes += next.value.length;
    first.push(next.value);
  }
  onBytes(bytes);
  const headBytes = Buffer.concat(first);
  const encoding = encodingOf(headBytes);
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new ImportFileError(fill(IMPORT_MSG.notUtf8, { bytes: bytes.toLocaleString('en') }));
    }
  };
  const head = decode(headBytes) + (ended ? decode() : '');
  if (head.includes('\u0000')) {
    stream.destroy();
    throw new ImportFileError(IMPORT_MSG.notText);
  }
  async function* text() {
    try {
      yield head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        bytes += next.value.length;
        onBytes(bytes);
        yield decode(next.value);
      }
      const rest = decode();
      if (rest) yield rest;
    } finally {
      stream.destroy();
    }
  }
  return { head, text: text(), discard: () => stream.destroy() };
}
