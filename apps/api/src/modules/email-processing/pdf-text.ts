import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The engine's own built-ins, taken before pdf.js is first loaded. pdf.js's legacy build carries core-js, which on
 * Node 20 replaces some with versions written in JavaScript: `JSON.stringify` and `JSON.parse` (Node 20 has no
 * `JSON.rawJSON`), calling back for every value, `Array.prototype.push` and `Function.prototype.toString`. Every
 * answer, every JSON column and every push then cost several times more (docs/performance.md, Under load). pdf.js
 * does not need them: they are put back after it loads and after it runs; what it adds (methods Node lacks) stays.
 */
const guarded = [
  JSON,
  Array.prototype,
  Function.prototype,
  Object,
  Object.prototype,
  String.prototype,
  Promise,
  Math,
];
const builtIns = guarded.map((target) => ({ target, own: Object.getOwnPropertyDescriptors(target) }));

function restoreBuiltIns() {
  for (const { target, own } of builtIns) {
    for (const key of Reflect.ownKeys(own)) {
      const was = own[key as keyof typeof own];
      const now = Object.getOwnPropertyDescriptor(target, key);
      if (was && 'value' in was && now && !Object.is(now.value, was.value) && now.configurable)
        Object.defineProperty(target, key, was);
    }
  }
}

/** pdf.js, loaded on the first PDF read (its worker then loads on the first document). */
async function loadPdfjs() {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  restoreBuiltIns();
  return pdfjs;
}

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
  const { getDocument } = await loadPdfjs();
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
    restoreBuiltIns();
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
    restoreBuiltIns();
  }
}
