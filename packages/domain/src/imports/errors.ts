/**
 * A fault of the whole file rather than of a row (no header, a bad or missing end record, a truncated file, a
 * file in another format): the parser stops and the import job reports the message as the job's error, and
 * lands nothing.
 */
export class ImportFileError extends Error {
  /** The line (or, for XML, the line of the element) where the fault was found; null when it is the file's end. */
  readonly line: number | null;

  constructor(message: string, line: number | null = null) {
    super(message);
    this.name = 'ImportFileError';
    this.line = line;
  }
}
