import { ImportFileError } from './import-messages';
import { type ImportEvent, type IntervalReading, type RefusedRow, runReadings } from './types';

/** Test helpers for the parsers: collect a parser's events, and cut a text into awkward chunks. */

export async function collect(events: AsyncIterable<ImportEvent>): Promise<ImportEvent[]> {
  const all: ImportEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

export const readingsOf = (events: ImportEvent[]): IntervalReading[] =>
  events.flatMap((e) =>
    e.kind === 'reading' ? [e.reading] : e.kind === 'readings' ? runReadings(e.run) : [],
  );

export const refusalsOf = (events: ImportEvent[]): RefusedRow[] =>
  events.flatMap((e) => (e.kind === 'refused' ? [e.row] : []));

/** A text as Buffer chunks of a few bytes, so records and multi-byte characters straddle chunk boundaries. */
export function* chunks(text: string, size = 7): Generator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** The UTC instant of a wall time at a fixed offset: at('2025-04-06 00:00', 13) is 2025-04-05T11:00Z. */
export const at = (wall: string, offsetHours: number) =>
  Date.parse(`${wall.replace(' ', 'T')}:00Z`) - offsetHours * 3_600_000;

/** The message of the ImportFileError a parse ends with (fails when it ends otherwise). */
export async function fileErrorOf(parse: Promise<unknown>): Promise<string> {
  const error = await parse.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ImportFileError))
    throw new Error(`expected an ImportFileError, got ${String(error)}`);
  return error.message;
}
