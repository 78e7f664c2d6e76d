import { execFileSync } from 'node:child_process';

/** A page range for pdftoppm: from page `from` to page `to`. */
const range = (from: number, to: number) => ['-f', String(from), '-l', String(to)];

/**
 * A downloaded PDF read as a journey reads it: its text (pdftotext; `layout` keeps the columns where they
 * stand) and its pages drawn as PNG at 70 dpi to look at (pdftoppm, `<picture>-N.png`): the first page unless
 * `pages: 'all'`; `lastAs` draws the last page too, under a picture name of its own.
 */
export function readPdf(
  pdf: string,
  picture: string,
  options: { layout?: boolean; pages?: 'first' | 'all'; lastAs?: string } = {},
): string {
  const text = execFileSync('pdftotext', [...(options.layout ? ['-layout'] : []), pdf, '-']).toString();
  const pages = options.pages === 'all' ? [] : range(1, 1);
  execFileSync('pdftoppm', ['-png', '-r', '70', ...pages, pdf, picture]);
  if (options.lastAs) {
    const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())?.[1]);
    execFileSync('pdftoppm', ['-png', '-r', '70', ...range(count, count), pdf, options.lastAs]);
  }
  return text;
}
