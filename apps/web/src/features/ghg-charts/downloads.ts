import type { MARKET_COLUMNS } from '@verdant/contracts/ghg-charts';
import { saveFile, savePng } from '../../lib/download';

/**
 * A GHG chart's downloads (data-portal.md 2.7: HTML, PNG, CSV). The PNG is the chart as drawn, on white; the
 * HTML page holds that picture with the figures' table and notes, and opens anywhere without the product. The
 * CSV is the API's own (the same figures, with their completeness).
 */

/** The chart's picture (a PNG data URL from the chart's handle) as a file. */
export function downloadPng(picture: string | null, filename: string) {
  if (picture) savePng(picture, filename);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface FiguresTable {
  headers: string[];
  rows: string[][];
  /** Notes under the table (completeness marks, market-based basis). */
  notes: string[];
}

/** A standalone HTML page: title, range, the chart as a picture, the figures and the notes. */
export function chartHtml(title: string, range: string, picture: string | null, table: FiguresTable): string {
  const head = table.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = table.rows
    .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #212529; }
table { border-collapse: collapse; margin-top: 1rem; font-size: 0.9rem; }
th, td { border: 1px solid #dee2e6; padding: 0.3rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; }
p.note { color: #495057; font-size: 0.85rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(range)}. Figures in kg CO2e, rounded to whole kilograms.</p>
${picture ? `<img src="${picture}" alt="${escapeHtml(title)}">` : ''}
<table>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
${table.notes.map((n) => `<p class="note">${escapeHtml(n)}</p>`).join('\n')}
</body>
</html>
`;
}

export function downloadHtml(
  picture: string | null,
  filename: string,
  title: string,
  range: string,
  table: FiguresTable,
) {
  saveFile(new Blob([chartHtml(title, range, picture, table)], { type: 'text/html' }), filename);
}

export function downloadCsv(csv: string, filename: string) {
  saveFile(new Blob([csv], { type: 'text/csv' }), filename);
}

/** The market-based kWh of a figure in words, for notes. */
export function marketNote(market: Record<(typeof MARKET_COLUMNS)[number][0], number>): string {
  const kwh = (v: number) => `${Math.round(v).toLocaleString('en-NZ')} kWh`;
  return `Scope 2 market-based: ${kwh(market.certificateKwh)} covered by certificates, ${kwh(market.supplierKwh)} at supplier-specific factors, ${kwh(market.residualKwh)} at the residual mix, ${kwh(market.gridKwh)} at the grid average where no residual mix is published.`;
}
