import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The page of a report PDF (docs/decisions/reports.md, PDFs): A4, Inter embedded (selectable text, the same
 * on every machine), the organisation's name and logo on each page, page numbers and the run's fingerprint
 * at the foot.
 */

const require = createRequire(import.meta.url);
export const FONT = {
  regular: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
  semibold: require.resolve('@fontsource/inter/files/inter-latin-600-normal.woff'),
  bold: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
};

export const PAGE = { width: 595.28, height: 841.89, margin: 42, top: 70, bottom: 56 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const INK = {
  text: '#212529',
  dim: '#6c757d',
  rule: '#dee2e6',
  band: '#f1f3f5',
  brand: '#0b7f55',
  warn: '#c92a2a',
};

export type Pdf = PDFKit.PDFDocument;

export interface PageChrome {
  organisation: string;
  title: string;
  logo: { data: Buffer; type: 'png' | 'jpeg' } | null;
  footer: string;
}

export function newPdf(info: { title: string; organisation: string; created: Date }): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    autoFirstPage: true,
    font: FONT.regular,
    info: {
      Title: info.title,
      Author: info.organisation,
      Creator: 'Verdant',
      CreationDate: info.created,
    },
  });
  doc.registerFont('regular', FONT.regular);
  doc.registerFont('semibold', FONT.semibold);
  doc.registerFont('bold', FONT.bold);
  doc.font('regular').fillColor(INK.text);
  return doc;
}

/** Space left on the page below the cursor. */
export const spaceLeft = (doc: Pdf) => PAGE.height - PAGE.bottom - doc.y;

/** A new page when less than `height` is left. */
export function ensureSpace(doc: Pdf, height: number) {
  if (spaceLeft(doc) < height) doc.addPage();
}

/** Draws the header and footer on every page once the content is laid out (so 'Page n of N' is known). */
export function drawChrome(doc: Pdf, chrome: PageChrome) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing in the margins must not move the flow to a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.save();
    doc.font('semibold').fontSize(8).fillColor(INK.brand);
    doc.text(chrome.organisation, PAGE.margin, 28, { width: CONTENT_WIDTH - 130, lineBreak: false });
    doc.font('regular').fillColor(INK.dim);
    doc.text(chrome.title, PAGE.margin, 40, { width: CONTENT_WIDTH - 130, lineBreak: false });
    if (chrome.logo) {
      try {
        doc.image(chrome.logo.data, PAGE.width - PAGE.margin - 110, 22, { fit: [110, 32], align: 'right' });
      } catch {
        // A logo the PDF library cannot read is left out rather than failing the report.
      }
    }
    doc
      .moveTo(PAGE.margin, 58)
      .lineTo(PAGE.width - PAGE.margin, 58)
      .lineWidth(0.5)
      .strokeColor(INK.rule)
      .stroke();
    const footY = PAGE.height - 34;
    doc.fontSize(7).fillColor(INK.dim);
    doc.text(chrome.footer, PAGE.margin, footY, { width: CONTENT_WIDTH - 80, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.width - PAGE.margin - 80, footY, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.restore();
    doc.page.margins.bottom = bottom;
  }
}
