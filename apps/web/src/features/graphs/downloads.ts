import { csvText } from '../../lib/csv';
import { saveFile, savePng } from '../../lib/download';
import { organisationTodayNow } from '../../lib/organisation-today';

/** A file name from a title: letters, digits, spaces and dashes, with the organisation's today. */
export function fileName(title: string, extension: string, today = organisationTodayNow()): string {
  const base = title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'graph';
  return `${base} ${today}.${extension}`;
}

/** The rows as a CSV file, its cells neutralised against formulas. */
export async function downloadCsv(rows: string[][], name: string) {
  saveFile(new Blob([await csvText(rows)], { type: 'text/csv;charset=utf-8' }), name);
}

/** A PNG data URL as a file. */
export const downloadPng = savePng;
