import { detectCsvFormat } from './csv-periods';
import { csvHead } from './csv-records';
import { portfolioManagerColumns } from './portfolio-manager';
import type { ImportFormat } from './types';

/**
 * Names a file's format from its first few kilobytes, or null when it is none the import reads (binary, empty,
 * one column). Industry formats are known by their header record or root element; a file that starts like
 * NEM12 without its 100 header (200 and 300 records) or with a NEM13 header is still called NEM12, so that the
 * NEM12 parser names its fault. Other text whose first line is a header of two or more named columns (and whose
 * first row is as wide) is CSV, its layout told by its columns (csv-periods.ts: Portfolio Manager's Meter
 * Entries, invoices, consumption records, else interval readings).
 */
export function detectFormat(head: string): ImportFormat | null {
  const text = head.replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) return null;
  const lines = text
    .split(/\r\n|\n|\r/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const first = lines[0];
  if (first === undefined) return null;

  if (first.startsWith('<')) {
    const espi = /naesb\.org\/espi|<(\w+:)?(UsagePoint|IntervalBlock|MeterReading)\b/.test(text);
    return espi && /<(\w+:)?(feed|entry)\b/.test(text) ? 'green-button' : null;
  }
  const fields = first.split(',').map((f) => f.trim().toUpperCase());
  if (fields[0] === '100' && /^NEM1[23]$/.test(fields[1] ?? '')) return 'nem12';
  if (/^(200|300),/.test(first) && lines.some((l) => /^300,\d{8},/.test(l))) return 'nem12';
  if (fields[0] === 'HDR') {
    if (fields[1] === 'ICPHH') return 'eiep3';
    if (fields[1]?.startsWith('ICPCONS') || fields[1] === 'EIEP13A') return 'eiep13a';
    const det = lines.find((l) => /^DET,/i.test(l)) ?? '';
    if (/,\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}/.test(det)) return 'eiep13a';
    if (/,\d{1,2}\/\d{1,2}\/\d{4},\d{1,2},/.test(det)) return 'eiep3';
    return null;
  }

  // Portfolio Manager's export as Excel saves it: title rows above its header.
  if (lines.slice(0, 30).some((l) => portfolioManagerColumns(csvHead(`${l}\n`, 1)[0] ?? [])))
    return 'portfolio-manager';
  // A CSV: a header of at least two named columns, and a first row as wide; its columns name the layout.
  const [headers] = csvHead(`${first}\n`, 1);
  const row = csvHead(text.trimStart(), 2)[1];
  if (!headers || headers.filter(Boolean).length < 2 || (row && row.length !== headers.length)) return null;
  return detectCsvFormat(headers);
}
