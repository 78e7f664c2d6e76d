import { CONTENT_WIDTH, ensureSpace, INK, PAGE, type Pdf } from './pdf-page';
import { provenanceLines } from './provenance-lines';
import type { Provenance } from './report-document';

/** The provenance page every report PDF ends with (docs/decisions/reports.md, Provenance). */
export function provenancePage(doc: Pdf, p: Provenance) {
  doc.addPage();
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(INK.text)
    .text('Where these figures come from', PAGE.margin, PAGE.top);
  doc.font('regular').fontSize(8).fillColor(INK.dim);
  doc.text(
    'Every figure in this report is read from the ledger of monthly facts. The same inputs give the same ' +
      'fingerprint: run the report again and compare it to show the figures are unchanged.',
    { width: CONTENT_WIDTH },
  );
  doc.moveDown(0.8);
  let section = '';
  const labelWidth = 150;
  for (const line of provenanceLines(p)) {
    if (line.section !== section) {
      section = line.section;
      ensureSpace(doc, 40);
      doc.moveDown(0.4);
      doc.font('semibold').fontSize(9.5).fillColor(INK.brand).text(section, PAGE.margin, doc.y);
      doc.moveDown(0.2);
    }
    const height = doc
      .font('regular')
      .fontSize(8)
      .heightOfString(line.value, { width: CONTENT_WIDTH - labelWidth });
    ensureSpace(doc, height + 4);
    const y = doc.y;
    doc
      .font('semibold')
      .fontSize(8)
      .fillColor(INK.dim)
      .text(line.label, PAGE.margin, y, { width: labelWidth - 8 });
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(INK.text)
      .text(line.value, PAGE.margin + labelWidth, y, {
        width: CONTENT_WIDTH - labelWidth,
      });
    doc.x = PAGE.margin;
    doc.y = Math.max(doc.y, y + height) + 3;
  }
}
