import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The folder where a test keeps the PDFs it made, to read with poppler and look at: `verdant-<area>-<pid>` under
 * the temporary folder, this test process's own, so that two test runs at once never write one file
 * (docs/decisions/tooling.md, CI within the hour).
 */
export function keptFolder(area: string): string {
  const dir = path.join(os.tmpdir(), `verdant-${area}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Writes a PDF as `<name>.pdf` in the area's kept folder; answers the file's path. */
export function keepPdf(area: string, name: string, data: Buffer): string {
  const file = path.join(keptFolder(area), `${name}.pdf`);
  writeFileSync(file, data);
  return file;
}
