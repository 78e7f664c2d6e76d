import { CONTENT_WIDTH, ensureSpace, INK, PAGE, type Pdf } from './pdf-page';
import { type CellFlag, eachRow, FLAG_MARKS, type Row, type TableBlock } from './report-document';
import { formatCell, headerOf } from './report-format';

/**
 * A table in a report PDF: the header repeated on each page it runs onto, numbers right-aligned, total rows
 * bold, each flagged figure marked (* incomplete, ° estimated, as the web's charts mark incomplete with *) with
 * the marks explained under the table. A header or a text cell too long for its column wraps and its row grows
 * to hold it; a number stays on one line (docs/decisions/reports.md, PDFs).
 */

const ROW = 13;
const HEAD = 24;
const FONT_SIZE = 7.5;
/** Padding of a cell's text inside its column, each side. */
const PAD = 3;
/** Lines a text cell wraps to at most; a longer text ends in an ellipsis. */
const MAX_LINES = 4;

const isNumeric = (format: string | undefined) =>
  format !== undefined && format !== 'text' && format !== 'date';

function widths(table: TableBlock): number[] {
  const weights = table.columns.map((c) => c.width ?? (isNumeric(c.format) ? 1 : 2));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (w / total) * CONTENT_WIDTH);
}

/** The header's height: two lines at least, more when a column's label wraps further. */
function headerHeight(doc: Pdf, table: TableBlock, w: number[]): number {
  doc.font('semibold').fontSize(FONT_SIZE - 0.5);
  const tallest = Math.max(
    0,
    ...table.columns.map((c, i) => doc.heightOfString(headerOf(c), { width: (w[i] ?? 0) - 2 * PAD })),
  );
  return Math.max(HEAD, Math.ceil(tallest) + 2 * PAD);
}

function header(doc: Pdf, table: TableBlock, w: number[], height: number) {
  const y = doc.y;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(INK.band);
  doc
    .font('semibold')
    .fontSize(FONT_SIZE - 0.5)
    .fillColor(INK.text);
  let x = PAGE.margin;
  table.columns.forEach((c, i) => {
    const width = w[i] ?? 0;
    doc.text(headerOf(c), x + PAD, y + PAD, {
      width: width - 2 * PAD,
      align: isNumeric(c.format) ? 'right' : 'left',
    });
    x += width;
  });
  doc.y = y + height;
}

/** A row's cells as drawn: the figure with its flag's mark. */
function cellTexts(table: TableBlock, r: Row, seen: Set<CellFlag>): string[] {
  return table.columns.map((c) => {
    const flag = r.flags?.[c.key];
    if (flag) seen.add(flag);
    return `${formatCell(r.cells[c.key] ?? null, c)}${flag ? ` ${FLAG_MARKS[flag]}` : ''}`;
  });
}

/** A row's height: one line, or as many as its longest text cell wraps to (MAX_LINES at most). */
function rowHeight(doc: Pdf, table: TableBlock, w: number[], r: Row, texts: string[]): number {
  doc.font(r.total ? 'bold' : 'regular').fontSize(FONT_SIZE);
  let tallest = 0;
  table.columns.forEach((c, i) => {
    const text = texts[i] ?? '';
    if (isNumeric(c.format) || !text) return;
    tallest = Math.max(tallest, doc.heightOfString(text, { width: (w[i] ?? 0) - 2 * PAD }));
  });
  const line = doc.currentLineHeight(true);
  if (tallest < line * 1.5) return ROW;
  return Math.max(ROW, Math.ceil(Math.min(tallest, line * MAX_LINES)) + 4);
}

function row(
  doc: Pdf,
  table: TableBlock,
  w: number[],
  r: Row,
  texts: string[],
  height: number,
  shade: boolean,
) {
  const y = doc.y;
  if (shade) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill('#f8f9fa');
  doc
    .font(r.total ? 'bold' : 'regular')
    .fontSize(FONT_SIZE)
    .fillColor(INK.text);
  let x = PAGE.margin;
  table.columns.forEach((c, i) => {
    const width = w[i] ?? 0;
    const numeric = isNumeric(c.format);
    doc.text(texts[i] ?? '', x + PAD, y + PAD, {
      width: width - 2 * PAD,
      align: numeric ? 'right' : 'left',
      ...(numeric
        ? { height: ROW, lineBreak: false, ellipsis: true }
        : { height: height - 4, ellipsis: true }),
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
  doc.y = y + height;
}

const LEGEND: Record<CellFlag, string> = {
  incomplete: '* incomplete: some days of the period have no data',
  estimated: '° includes estimated values',
  missing: '– missing',
};

/** Draws the table; answers how many rows it drew. */
export async function pdfTable(doc: Pdf, table: TableBlock): Promise<number> {
  const w = widths(table);
  const head = headerHeight(doc, table, w);
  ensureSpace(doc, 20 + head + ROW * 3);
  doc.font('semibold').fontSize(10).fillColor(INK.text).text(table.title, PAGE.margin, doc.y);
  doc.moveDown(0.3);
  header(doc, table, w, head);
  const seen = new Set<CellFlag>();
  let n = 0;
  for await (const r of eachRow(table.rows)) {
    const texts = cellTexts(table, r, seen);
    const height = rowHeight(doc, table, w, r, texts);
    if (doc.y + height > PAGE.height - PAGE.bottom) {
      doc.addPage();
      header(doc, table, w, head);
    }
    row(doc, table, w, r, texts, height, n % 2 === 1);
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
