import type { Writable } from 'node:stream';
import SVGtoPDF from 'svg-to-pdfkit';
import {
  CONTENT_WIDTH,
  drawChrome,
  ensureSpace,
  INK,
  newPdf,
  PAGE,
  type PageChrome,
  type Pdf,
} from './pdf-page';
import { provenancePage } from './pdf-provenance';
import { pdfTable } from './pdf-table';
import { chartSvg } from './render-charts';
import type { Block, ReportDocument } from './report-document';

/** A report as a PDF (docs/decisions/reports.md, PDFs), written to `out`. */

function figures(doc: Pdf, items: { label: string; value: string; note?: string }[]) {
  const perRow = Math.min(4, Math.max(1, items.length));
  const gap = 8;
  const w = (CONTENT_WIDTH - gap * (perRow - 1)) / perRow;
  for (let i = 0; i < items.length; i += perRow) {
    const row = items.slice(i, i + perRow);
    // A note wraps (to three lines at most) and its row of cards grows to hold it.
    doc.font('regular').fontSize(6.5);
    const noteHeight = Math.min(
      doc.currentLineHeight(true) * 3,
      Math.max(0, ...row.map((item) => (item.note ? doc.heightOfString(item.note, { width: w - 16 }) : 0))),
    );
    const h = Math.max(52, Math.ceil(37 + noteHeight + 6));
    ensureSpace(doc, h + 8);
    const y = doc.y;
    row.forEach((item, j) => {
      const x = PAGE.margin + j * (w + gap);
      doc.roundedRect(x, y, w, h, 4).lineWidth(0.6).strokeColor(INK.rule).stroke();
      doc
        .font('regular')
        .fontSize(7)
        .fillColor(INK.dim)
        .text(item.label, x + 8, y + 7, { width: w - 16 });
      doc
        .font('bold')
        .fontSize(13)
        .fillColor(INK.text)
        .text(item.value, x + 8, y + 18, {
          width: w - 16,
          lineBreak: false,
          ellipsis: true,
        });
      if (item.note) {
        doc
          .font('regular')
          .fontSize(6.5)
          .fillColor(INK.dim)
          .text(item.note, x + 8, y + 37, {
            width: w - 16,
            height: noteHeight + 1,
            ellipsis: true,
          });
      }
    });
    doc.x = PAGE.margin;
    doc.y = y + h + gap;
  }
  doc.fillColor(INK.text);
}

async function block(doc: Pdf, b: Block) {
  switch (b.kind) {
    case 'heading':
      ensureSpace(doc, 60);
      doc.moveDown(0.4);
      doc.font('bold').fontSize(12).fillColor(INK.brand).text(b.text, PAGE.margin, doc.y);
      doc.moveDown(0.3);
      doc.fillColor(INK.text);
      return;
    case 'text':
      ensureSpace(doc, 20);
      doc
        .font('regular')
        .fontSize(b.tone === 'plain' ? 9 : 8)
        .fillColor(b.tone === 'warning' ? INK.warn : b.tone === 'note' ? INK.dim : INK.text)
        .text(b.text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
      doc.moveDown(0.6);
      doc.fillColor(INK.text);
      return;
    case 'figures':
      figures(doc, b.items);
      return;
    case 'chart': {
      const height = b.height ?? 210;
      ensureSpace(doc, height + 24);
      doc.font('semibold').fontSize(10).fillColor(INK.text).text(b.title, PAGE.margin, doc.y);
      const y = doc.y + 4;
      SVGtoPDF(doc, chartSvg(b.option, CONTENT_WIDTH, height), PAGE.margin, y, {
        width: CONTENT_WIDTH,
        height,
        // The chart is drawn in points already: its width is the page's content width.
        assumePt: true,
        fontCallback: (_family: string, bold: boolean) => (bold ? 'semibold' : 'regular'),
      });
      doc.x = PAGE.margin;
      doc.y = y + height + 10;
      return;
    }
    case 'table':
      await pdfTable(doc, b);
      return;
  }
}

export async function renderPdf(
  report: ReportDocument,
  out: Writable,
  chrome: Omit<PageChrome, 'title'>,
): Promise<void> {
  const doc = newPdf({
    title: report.title,
    organisation: report.provenance.organisation,
    created: new Date(report.provenance.generatedAt),
  });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(out);
  doc.font('bold').fontSize(18).fillColor(INK.text).text(report.title, PAGE.margin, PAGE.top);
  doc.font('regular').fontSize(10).fillColor(INK.dim).text(report.subtitle, { width: CONTENT_WIDTH });
  doc.moveDown(1);
  doc.fillColor(INK.text);
  if (report.empty) {
    doc.font('semibold').fontSize(12).text('No data found for that period.', { width: CONTENT_WIDTH });
    doc.moveDown(1);
  } else {
    for (const b of report.blocks) await block(doc, b);
  }
  provenancePage(doc, report.provenance);
  drawChrome(doc, { ...chrome, title: report.title });
  doc.end();
  await done;
}
