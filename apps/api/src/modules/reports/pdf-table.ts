import { CONTENT_WIDTH, ensureSpace, INK, PAGE, type Pdf } from './pdf-page';
import { type CellFlag, eachRow, FLAG_MARKS, type Row, type TableBlock } from './report-document';
import { formatCell, headerOf } from './report-format';

/**
 * A table in a report PDF: the header repeated on each page it runs onto, numbers right-aligned, total rows
 * bold, each flagged figure marked (* incomplete, ° estimated, as the web's charts mark incomplete with *) with the marks explained under the table.
 */

const ROW = 13;
const HEAD = 24;
const FONT_SIZE = 7.5;

const isNumeric = (format: string | undefined) =>
  format !== undefined && format !== 'text' && format !== 'date';

function widths(table: TableBlock): number[] {
  const weights = table.columns.map((c) => c.width ?? (isNumeric(c.format) ? 1 : 2));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (w / total) * CONTENT_WIDTH);
}

function header(doc: Pdf, table: TableBlock, w: number[]) {
  const y = doc.y;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, HEAD).fill(INK.band);
  doc
    .font('semibold')
    .fontSize(FONT_SIZE - 0.5)
    .fillColor(INK.text);
  let x = PAGE.margin;
  table.columns.forEach((c, i) => {
    const width = w[i] ?? 0;
    doc.text(headerOf(c), x + 3, y + 3, {
      width: width - 6,
      height: HEAD - 4,
      align: isNumeric(c.format) ? 'right' : 'left',
      ellipsis: true,
    });
    x += width;
  });
  doc.y = y + HEAD;
}

function row(doc: Pdf, table: TableBlock, w: number[], r: Row, shade: boolean, seen: Set<CellFlag>) {
  const y = doc.y;
  if (shade) doc.rect(PAGE.margin, y, CONTENT_WIDTH, ROW).fill('#f8f9fa');
  doc
    .font(r.total ? 'bold' : 'regular')
    .fontSize(FONT_SIZE)
    .fillColor(INK.text);
  let x = PAGE.margin;
  table.columns.forEach((c, i) => {
    const width = w[i] ?? 0;
    const flag = r.flags?.[c.key];
    if (flag) seen.add(flag);
    const text = `${formatCell(r.cells[c.key] ?? null, c)}${flag ? ` ${FLAG_MARKS[flag]}` : ''}`;
    doc.text(text, x + 3, y + 3, {
      width: width - 6,
      height: ROW,
      align: isNumeric(c.format) ? 'right' : 'left',
      lineBreak: false,
      ellipsis: true,
    });
    x += width;
  });
  if (r.total) {
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(0.6)
      .strokeColor(INK.text)
      .stroke();
  }
  doc.y = y + ROW;
}

const LEGEND: Record<CellFlag, string> = {
  incomplete: '* incomplete: some days of the period have no data',
  estimated: '° includes estimated values',
  missing: '– missing',
};

/** Draws the table; answers how many rows it drew. */
export async function pdfTable(doc: Pdf, table: TableBlock): Promise<number> {
  const w = widths(table);
  ensureSpace(doc, 20 + HEAD + ROW * 3);
  doc.font('semibold').fontSize(10).fillColor(INK.text).text(table.title, PAGE.margin, doc.y);
  doc.moveDown(0.3);
  header(doc, table, w);
  const seen = new Set<CellFlag>();
  let n = 0;
  for await (const r of eachRow(table.rows)) {
    if (doc.y + ROW > PAGE.height - PAGE.bottom) {
      doc.addPage();
      header(doc, table, w);
    }
    row(doc, table, w, r, n % 2 === 1, seen);
    n += 1;
  }
  doc.x = PAGE.margin;
  if (n === 0) {
    doc.font('regular').fontSize(8).fillColor(INK.dim);
    doc.text(table.empty ?? 'No data found for that period.', PAGE.margin, doc.y + 4, {
      width: CONTENT_WIDTH,
    });
  }
  const notes = [...seen].map((f) => LEGEND[f]);
  if (table.note) notes.push(table.note);
  if (notes.length > 0) {
    doc.font('regular').fontSize(7).fillColor(INK.dim);
    doc.text(notes.join('   ·   '), PAGE.margin, doc.y + 4, { width: CONTENT_WIDTH });
  }
  doc.fillColor(INK.text);
  doc.moveDown(1);
  return n;
}
