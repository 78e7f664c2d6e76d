import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PDF a test made, kept where it can be looked at and read with poppler as a person reads it: its text
 * (`pdftotext -layout`) answered, and its pages drawn as `<name>-N.png` at 70 dpi beside it (`pages`: the first,
 * all, or none). The folder is `verdant-<area>-<pid>` under the temporary folder, this test process's own, so two
 * test runs at once never write one file (docs/decisions/tooling.md, CI within the hour).
 */
export function readKeptPdf(
  area: string,
  name: string,
  data: Buffer,
  { pages = 'none' }: { pages?: 'first' | 'all' | 'none' } = {},
): string {
  const dir = path.join(os.tmpdir(), `verdant-${area}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, data);
  if (pages !== 'none')
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      ...(pages === 'first' ? ['-f', '1', '-l', '1'] : []),
      file,
      path.join(dir, name),
    ]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}
