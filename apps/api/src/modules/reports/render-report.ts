import type { Writable } from 'node:stream';
import type { Output } from '@verdant/domain/reports/report-types';
import type { PageChrome } from './pdf-page';
import { renderDelimited } from './render-delimited';
import type { ReportDocument } from './report-document';

/**
 * Writes a report's document in one output format to `out` (docs/decisions/reports.md). The PDF and workbook
 * writers, with PDFKit, ECharts and ExcelJS, are loaded on the first report that needs them
 * (docs/decisions/tooling.md, Heavy libraries loaded on first use).
 */
export async function renderReport(
  report: ReportDocument,
  output: Output,
  out: Writable,
  chrome: Omit<PageChrome, 'title'>,
): Promise<void> {
  if (output === 'pdf') return (await import('./render-pdf')).renderPdf(report, out, chrome);
  // xls is written as xlsx: no maintained library writes the 1997 binary format (docs/decisions/reports.md).
  if (output === 'xlsx' || output === 'xls') return (await import('./render-xlsx')).renderXlsx(report, out);
  return renderDelimited(report, output, out);
}
