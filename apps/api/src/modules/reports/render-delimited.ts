import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Output } from '@verdant/domain/reports/report-types';
import { csvStream } from '../../lib/spreadsheet';
import { eachRow, FLAG_WORDS, type ReportDocument, type Row, type TableBlock } from './report-document';
import { decimalsOf, headerOf } from './report-format';

/**
 * A report as delimited text (data-portal.md 9: csv, npg.csv, tdv, pipe; docs/decisions/reports.md,
 * Delimited outputs): the report's main table, one line per row with the units in the header (csv, tab
 * delimited, pipe delimited), or one line per figure (npg.csv: the row's names, the measure, its unit, the
 * value and what it lacks). Blanks stay blank; every cell goes through the one formula neutraliser. A table of kg
 * CO2e closes with a line naming its basis and editions.
 */

const DELIMITERS: Partial<Record<Output, string>> = { csv: ',', 'npg.csv': ',', tdv: '\t', pipe: '|' };
const isNumeric = (f: string | undefined) => f !== undefined && f !== 'text' && f !== 'date';

export function mainTable(report: ReportDocument): TableBlock | undefined {
  const tables = report.blocks.filter((b): b is TableBlock => b.kind === 'table');
  return tables.find((t) => t.primary) ?? tables[0];
}

const value = (v: unknown, decimals: number) =>
  typeof v === 'number' ? (Number.isFinite(v) ? Number(v.toFixed(Math.max(decimals, 2))) : '') : (v ?? '');

async function* lines(table: TableBlock | undefined, report: ReportDocument, pivoted: boolean) {
  if (!table) {
    yield ['No data found for that period.'];
    return;
  }
  const names = table.columns.filter((c) => !isNumeric(c.format));
  const figures = table.columns.filter((c) => isNumeric(c.format));
  const note = (r: Row, keys: string[]) =>
    keys
      .filter((k) => r.flags?.[k])
      .map((k) => `${table.columns.find((c) => c.key === k)?.label} ${FLAG_WORDS[r.flags?.[k] ?? 'missing']}`)
      .join('; ');
  if (pivoted) yield [...table.columns.map(headerOf), 'Notes'];
  else yield [...names.map(headerOf), 'Measure', 'Unit', 'Value', 'Notes'];
  let n = 0;
  if (!report.empty) {
    for await (const r of eachRow(table.rows)) {
      n += 1;
      if (pivoted) {
        yield [
          ...table.columns.map((c) => value(r.cells[c.key], decimalsOf(c))),
          note(
            r,
            table.columns.map((c) => c.key),
          ),
        ];
        continue;
      }
      const ids = names.map((c) => value(r.cells[c.key], 0));
      for (const c of figures) {
        yield [...ids, c.label, c.unit ?? '', value(r.cells[c.key], decimalsOf(c)), note(r, [c.key])];
      }
    }
  }
  if (n === 0) yield [table.empty ?? 'No data found for that period.'];
  // Which basis and editions the kg CO2e are (docs/decisions/factor-editions.md, Every report of kg CO2e restated
  // or as originally reported): a closing line, its first cell the words, the rest blank.
  if (report.basisText && holdsEmissions(table)) {
    const width = pivoted ? table.columns.length + 1 : names.length + 4;
    yield [report.basisText, ...Array.from({ length: width - 1 }, () => '')];
  }
}

/** Whether a table holds kg CO2e: a column in that unit or named so, or the table titled so (meter data's). */
const holdsEmissions = (table: TableBlock) =>
  /CO2e/.test(table.title ?? '') || table.columns.some((c) => /CO2e/.test(`${c.unit ?? ''} ${c.label}`));

export async function renderDelimited(report: ReportDocument, output: Output, out: Writable): Promise<void> {
  const writer = csvStream({ delimiter: DELIMITERS[output] ?? ',' });
  const done = pipeline(writer, out);
  for await (const line of lines(mainTable(report), report, output !== 'npg.csv')) {
    if (!writer.write(line)) await new Promise((resolve) => writer.once('drain', resolve));
  }
  writer.end();
  await done;
}
