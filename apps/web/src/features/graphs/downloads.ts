import { csvText } from '../../lib/csv';
import { saveFile, savePng } from '../../lib/download';

/** A file name from a title: letters, digits, spaces and dashes, with today's date. */
export function fileName(title: string, extension: string, now = new Date()): string {
  const base = title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'graph';
  return `${base} ${now.toISOString().slice(0, 10)}.${extension}`;
}

/** The rows as a CSV file, its cells neutralised against formulas. */
export async function downloadCsv(rows: string[][], name: string) {
  saveFile(new Blob([await csvText(rows)], { type: 'text/csv;charset=utf-8' }), name);
}

/** A PNG data URL as a file. */
export const downloadPng = savePng;
