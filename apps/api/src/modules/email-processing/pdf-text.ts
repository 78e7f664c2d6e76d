import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Pages read of one PDF: an invoice is a few pages; a 500-page document is not read whole. */
const MAX_PAGES = 20;

const fontsDir = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export type PdfText =
  | { ok: true; text: string; pages: number }
  | { ok: false; reason: 'not-pdf' | 'encrypted' };

/** Whether the bytes start as a PDF does (within the first kilobyte, as readers allow). */
export const looksLikePdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/**
 * A PDF's text, one line per text line (pdfjs-dist: text items joined, a new line where the item ends one). A
 * password-protected PDF and bytes that are not a PDF are said so, never thrown.
 */
export async function pdfText(bytes: Buffer): Promise<PdfText> {
  if (!looksLikePdf(bytes)) return { ok: false, reason: 'not-pdf' };
  let doc: Awaited<ReturnType<typeof getDocument>['promise']>;
  try {
    doc = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      standardFontDataUrl: fontsDir,
      verbosity: 0,
      stopAtErrors: false,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    return { ok: false, reason: name === 'PasswordException' ? 'encrypted' : 'not-pdf' };
  }
  try {
    const lines: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += line && item.str ? ` ${item.str}` : item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      page.cleanup();
    }
    return { ok: true, text: lines.join('\n'), pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
