import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline as pipeStreams, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { ImportFileError } from '@verdant/domain/imports/import-messages';
import yauzl from 'yauzl';

/**
 * Zip archives of data files (an MDP's NEM12 files as delivered): each entry is a file of the load. Read with
 * yauzl from a temporary copy of the stored archive (it reads the central directory); a deflated entry is
 * inflated here in large pieces, its inflated bytes checked against its declared size. A zip bomb is refused
 * before anything is inflated: by the sizes the archive declares (docs/decisions/imports.md, Zip archives).
 */

/** The first bytes of a zip archive (a local file header). */
export const isZip = (first: Buffer) =>
  first.length >= 4 && first[0] === 0x50 && first[1] === 0x4b && first[2] === 0x03 && first[3] === 0x04;

/** Most files an archive may hold. */
export const ZIP_MAX_ENTRIES = 1000;
/** Most bytes an archive's files may hold in all, inflated. */
export const ZIP_MAX_BYTES = 500 * 1024 * 1024;
/** Most an entry may inflate to per byte it takes in the archive (data files compress 5 to 30 times). */
export const ZIP_MAX_RATIO = 200;

export interface ZipEntry {
  name: string;
  open(): Promise<Readable>;
}

const skipped = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || path.posix.basename(name).startsWith('.');

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * The pieces an entry is inflated in: 64 kB rather than zlib's 16 kB, a quarter as many for the reader to take
 * (larger ones cost more to decode as text) (docs/decisions/half-hour.md, A zip's files inflated in large pieces).
 */
const INFLATE_PIECE = 64 * 1024;

/**
 * How far an entry's inflating may run ahead of its reader: zlib inflates in its own threads while the reader
 * parses, instead of waiting on each piece (docs/decisions/half-hour.md, A zip's next file inflated ahead).
 */
export const INFLATE_AHEAD = 4 * 1024 * 1024;

/** An entry's refusal (the load names the entry before it, zip-load.ts). */
const lied = () =>
  new ImportFileError('The file is not the size the zip archive declares: the archive may be damaged');

/**
 * A deflated entry's bytes inflated in large pieces, refused (ImportFileError) as soon as they pass the size
 * the archive declares for it, or at its end when they fall short of it.
 */
function inflated(raw: Readable, entry: yauzl.Entry): Readable {
  let bytes = 0;
  const counted = new Transform({
    readableHighWaterMark: INFLATE_AHEAD,
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > entry.uncompressedSize) return done(lied());
      done(null, chunk);
    },
    flush(done) {
      done(bytes === entry.uncompressedSize ? null : lied());
    },
  });
  // An error anywhere (a damaged deflate stream, the count) reaches the reader through `counted`.
  return pipeStreams(raw, createInflateRaw({ chunkSize: INFLATE_PIECE }), counted, () => {});
}

function openEntry(zip: yauzl.ZipFile, e: yauzl.Entry): Promise<Readable> {
  const deflated = e.compressionMethod === 8;
  return new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(e, { decodeFileData: !deflated }, (error, s) =>
      error || !s ? reject(error) : resolve(deflated ? inflated(s, e) : s),
    ),
  );
}

/**
 * The data files of an archive (folders and system files left out), after checking the archive as a whole:
 * refuses (ImportFileError) an archive that is not one, one with no files, too many files, files that inflate to
 * more than ZIP_MAX_BYTES or more than ZIP_MAX_RATIO times their packed size, an encrypted file, or a zip inside
 * the zip. `close` removes the temporary copy.
 */
export async function openZip(
  stream: Readable,
): Promise<{ entries: ZipEntry[]; close: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'verdant-zip-'));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, 'archive.zip');
    await pipeline(stream, createWriteStream(file));
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, z) =>
        error || !z ? reject(error) : resolve(z),
      ),
    ).catch(() => {
      throw new ImportFileError('The file is not a zip archive that can be read: it may be damaged');
    });
    const found: yauzl.Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        found.push(entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    }).catch((error: unknown) => {
      throw error instanceof ImportFileError
        ? error
        : new ImportFileError('The zip archive is damaged: its list of files cannot be read');
    });
    const files = found.filter((e) => !skipped(e.fileName));
    if (files.length === 0) throw new ImportFileError('The zip archive holds no files to import.');
    if (files.length > ZIP_MAX_ENTRIES)
      throw new ImportFileError(
        `The zip archive holds ${files.length} files; a load takes at most ${ZIP_MAX_ENTRIES}. Split it into smaller archives.`,
      );
    let total = 0;
    for (const e of files) {
      total += e.uncompressedSize;
      if (e.uncompressedSize > Math.max(e.compressedSize, 1) * ZIP_MAX_RATIO)
        throw new ImportFileError(
          `${e.fileName} in the zip archive would expand ${Math.round(e.uncompressedSize / Math.max(e.compressedSize, 1))} times (at most ${ZIP_MAX_RATIO}): it is refused as a zip bomb`,
        );
      if ((e.generalPurposeBitFlag & 1) !== 0)
        throw new ImportFileError(
          `${e.fileName} in the zip archive is encrypted: unzip it and upload its files`,
        );
      if (/\.zip$/i.test(e.fileName))
        throw new ImportFileError(`${e.fileName} is a zip inside the zip archive: upload the files it holds`);
    }
    if (total > ZIP_MAX_BYTES)
      throw new ImportFileError(
        `The zip archive's files would expand to ${mb(total)} MB, more than the ${mb(ZIP_MAX_BYTES)} MB a load takes: it is refused as a zip bomb, or split it into smaller archives`,
      );
    const entries = files.map((e) => ({ name: e.fileName, open: () => openEntry(zip, e) }));
    return {
      entries,
      close: async () => {
        zip.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The start of an archive's first file, inflated from the first bytes of the archive (its local file header and
 * what follows), for the upload dialog's preview; at most `limit` bytes; null when it cannot be read so.
 */
export function firstEntryHead(head: Buffer, limit: number): { name: string; bytes: Buffer } | null {
  if (!isZip(head) || head.length < 30) return null;
  const method = head.readUInt16LE(8);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  const start = 30 + nameLength + extraLength;
  const name = head.subarray(30, 30 + nameLength).toString('utf8');
  const data = head.subarray(start);
  if (method === 0) return { name, bytes: data.subarray(0, limit) };
  if (method !== 8) return null;
  try {
    // 8 kB of deflate inflates to at most about 8 MB (1,032 to 1), so a bomb's first bytes cost little.
    const input = data.subarray(0, 8 * 1024);
    const bytes = inflateRawSync(input, {
      finishFlush: 2 /* Z_SYNC_FLUSH */,
      maxOutputLength: 9 * 1024 * 1024,
    });
    return { name, bytes: bytes.subarray(0, limit) };
  } catch {
    return null;
  }
}
