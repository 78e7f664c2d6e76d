import type { Readable } from 'node:stream';
import { IMPORT_FORMAT_LABELS } from '@verdant/contracts/imports';
import { IMPORT_MSG, ImportFileError } from '@verdant/domain/imports/import-messages';
import type { ImportEvent, ImportFormat } from '@verdant/domain/imports/types';
import type { Storage } from '../../lib/storage';
import { openText } from './file-text';
import { detectFormat, INTERVAL_FORMATS, parserFor } from './parsers';
import { isZip, openZip, type ZipEntry } from './zip-entries';

/** Whether a stored file is a zip archive, by its first bytes. */
export async function storedIsZip(storage: Storage, key: string): Promise<boolean> {
  const stream = await storage.get(key);
  if (!stream) return false;
  try {
    for await (const chunk of stream) return isZip(chunk as Buffer);
    return false;
  } finally {
    stream.destroy();
  }
}

const TAKES = 'a zip archive takes NEM12, NEM13, EIEP3, EIEP13A and Green Button files';

/** An entry's text and format (the upload's, else detected), refused when it is not interval data. */
async function openEntry(entry: ZipEntry, asked: ImportFormat | null) {
  const { head, text, discard } = await openText(await entry.open(), () => {}).catch((error: unknown) => {
    if (error instanceof ImportFileError) throw new ImportFileError(`${entry.name}: ${error.message}`);
    throw error;
  });
  const format = asked ?? detectFormat(head);
  if (!format || !INTERVAL_FORMATS.has(format) || format === 'csv-readings') {
    discard();
    throw new ImportFileError(
      format
        ? `${entry.name} is ${IMPORT_FORMAT_LABELS[format]}: ${TAKES}`
        : `${entry.name}: ${IMPORT_MSG.formatUnknown}`,
    );
  }
  return { entry, text, format, discard };
}

type Opened = Awaited<ReturnType<typeof openEntry>>;

/**
 * An entry opened ahead of its turn, so that it inflates while the one before it is read
 * (docs/decisions/half-hour.md, A zip's next file inflated ahead); its failure waits for its turn, and `drop`
 * closes it unread.
 */
function openAhead(entry: ZipEntry | undefined, asked: ImportFormat | null) {
  if (!entry) return null;
  const opening = openEntry(entry, asked);
  opening.catch(() => {});
  return {
    opening,
    drop: () =>
      opening.then(
        (o) => o.discard(),
        () => {},
      ),
  };
}

/** An event of an entry, its refusal or skipped part named with the entry when the archive holds several. */
function named(e: ImportEvent, name: string | null): ImportEvent {
  if (name === null) return e;
  if (e.kind === 'refused') return { kind: 'refused', row: { ...e.row, reason: `${name}: ${e.row.reason}` } };
  if (e.kind === 'skipped') return { kind: 'skipped', part: { ...e.part, text: `${name}: ${e.part.text}` } };
  if (e.kind === 'reading') e.reading.file = name;
  if (e.kind === 'readings') e.run.file = name;
  if (e.kind === 'period') e.row.file = name;
  return e;
}

/**
 * A zip archive as one load: each of its files read in turn with its own format's parser, their events one
 * stream (refusals named with the file they come from). The format is the first file's; a file that is not
 * interval data (a CSV of invoices, another zip) fails the load with its name. `close` removes the temporary
 * copy of the archive.
 */
export async function zipEvents(
  stream: Readable,
  { asked, zone }: { asked: ImportFormat | null; zone: string },
): Promise<{ format: ImportFormat; events: AsyncIterable<ImportEvent[]>; close: () => Promise<void> }> {
  const { entries, close } = await openZip(stream);
  try {
    const [first, ...rest] = entries as [ZipEntry, ...ZipEntry[]];
    const opened = await openEntry(first, asked);
    const several = entries.length > 1;
    async function* events(): AsyncGenerator<ImportEvent[]> {
      let current: Opened | null = opened;
      let next = 0;
      let ahead = openAhead(rest[next++], asked);
      try {
        while (current) {
          const name = several ? current.entry.name : null;
          try {
            for await (const item of parserFor(current.format, current.text, { mapping: null, zone }))
              yield (Array.isArray(item) ? item : [item]).map((e) => named(e, name));
          } catch (error) {
            if (name !== null && error instanceof Error && error.name === 'ImportFileError')
              throw new ImportFileError(`${name}: ${error.message}`);
            throw error;
          }
          current = ahead ? await ahead.opening : null;
          ahead = current ? openAhead(rest[next++], asked) : null;
        }
      } finally {
        await ahead?.drop();
      }
    }
    return { format: opened.format, events: events(), close };
  } catch (error) {
    await close();
    throw error;
  }
}
