import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { xlsxWorkbook } from '../../lib/spreadsheet';
import { provenanceLines } from './provenance-lines';
import {
  type Cell,
  eachRow,
  FLAG_WORDS,
  type ReportDocument,
  type Row,
  type TableBlock,
} from './report-document';
import { excelFormat, headerOf } from './report-format';

/**
 * A report as an XLSX workbook (docs/decisions/reports.md, XLSX): a Summary sheet (title, figures, notes), a
 * sheet per table with its units in the headers and numbers kept as numbers, blanks left blank, a Notes column
 * naming what each row's figures lack, and a Provenance sheet. Written with the streaming writer.
 */

const sheetName = (title: string, used: Set<string>) => {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 28) || 'Sheet';
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base.slice(0, 26)} ${n}`;
  used.add(name.toLowerCase());
  return name;
};

const notesOf = (table: TableBlock, r: Row): string =>
  table.columns
    .filter((c) => r.flags?.[c.key])
    .map((c) => `${c.label} ${FLAG_WORDS[r.flags?.[c.key] ?? 'missing']}`)
    .join('; ');

export async function renderXlsx(report: ReportDocument, out: Writable): Promise<void> {
  const stream = new PassThrough();
  const written = pipeline(stream, out);
  const book = await xlsxWorkbook(stream, {
    creator: 'Verdant',
    created: new Date(report.provenance.generatedAt),
  });
  const used = new Set<string>();

  const summary = book.addSheet(sheetName('Summary', used), [{ width: 34 }, { width: 60 }]);
  summary.addRow([report.title], { bold: true });
  summary.addRow([report.subtitle]);
  summary.addRow([]);
  if (report.empty) summary.addRow(['No data found for that period.'], { bold: true });
  for (const b of report.empty ? [] : report.blocks) {
    if (b.kind === 'heading') {
      summary.addRow([]);
      summary.addRow([b.text], { bold: true });
    } else if (b.kind === 'text') summary.addRow([b.text]);
    else if (b.kind === 'figures')
      for (const f of b.items) summary.addRow([f.label, [f.value, f.note].filter(Boolean).join(' — ')]);
    else if (b.kind === 'table') summary.addRow([b.title, `on the sheet '${b.sheet ?? b.title}'`]);
    else if (b.kind === 'chart')
      summary.addRow([b.title, 'a chart in the PDF; its figures are in the tables']);
  }
  summary.commit();

  for (const table of report.empty ? [] : report.blocks) {
    if (table.kind !== 'table') continue;
    const columns = table.columns.map((c) => ({
      width: Math.min(40, Math.max(10, headerOf(c).length + 2, (c.width ?? 1) * 12)),
      numFmt: excelFormat(c),
    }));
    const sheet = book.addSheet(sheetName(table.sheet ?? table.title, used), [...columns, { width: 36 }]);
    sheet.addRow([...table.columns.map(headerOf), 'Notes'], { bold: true });
    let n = 0;
    for await (const r of eachRow(table.rows)) {
      const cells: Cell[] = table.columns.map((c) => r.cells[c.key] ?? null);
      sheet.addRow([...cells, notesOf(table, r)], { bold: r.total });
      n += 1;
    }
    if (n === 0) sheet.addRow([table.empty ?? 'No data found for that period.']);
    if (table.note) sheet.addRow([table.note]);
    sheet.commit();
  }

  const provenance = book.addSheet('Provenance', [{ width: 18 }, { width: 30 }, { width: 90 }]);
  provenance.addRow(['Section', 'Item', 'Value'], { bold: true });
  for (const line of provenanceLines(report.provenance))
    provenance.addRow([line.section, line.label, line.value]);
  provenance.commit();
  await book.commit();
  await written;
}
