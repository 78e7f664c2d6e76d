import type { Readable } from 'node:stream';

/** A file an operation answers with: streamed, with its type and the name the browser saves it under. */
export interface Download {
  stream: Readable;
  contentType: string;
  filename: string | null;
}
