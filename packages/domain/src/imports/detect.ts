import type { ImportFormat } from './types';

/**
 * Names a file's format from its first few kilobytes, or null when it is none the import reads (binary, empty,
 * one column). Industry formats are known by their header record or root element; a file that starts like
 * NEM12 without its 100 header (200 and 300 records) or with a NEM13 header is still called NEM12, so that the
 * NEM12 parser names its fault. Other comma, semicolon or tab separated text is CSV: Portfolio Manager's Meter
 * Entries by its columns, invoices by an invoice column, consumption records by from and till columns, and
 * interval readings otherwise.
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

  const delimiter = [',', ';', '\t'].find((d) => first.split(d).length >= 2);
  if (!delimiter) return null;
  const columns = first.split(delimiter).map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());
  const has = (pattern: RegExp) => columns.some((c) => pattern.test(c));
  if (has(/^start date$/) && has(/^end date$/) && has(/^usage\/quantity$/)) return 'portfolio-manager';
  if (has(/invoice/)) return 'csv-invoices';
  const periodic =
    has(/^(date )?from$|^start( date)?$|^period start/) &&
    has(/^(date )?(till|to)$|^end( date)?$|^period end/);
  if (periodic && !has(/time|period$|interval/)) return 'csv-consumption';
  return 'csv-readings';
}
