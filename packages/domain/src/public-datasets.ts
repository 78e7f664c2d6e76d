import { LIB } from './library-messages';

/** A CSV row refused, by its line in the file (the header is line 1). */
export interface RefusedRow {
  row: number;
  reason: string;
}

export type ParsedDatasetCsv =
  | { ok: true; months: { month: string; value: number }[] }
  | { ok: false; header: boolean; refused: RefusedRow[] };

/** At most this many months in one CSV (a century). */
export const DATASET_CSV_MAX_ROWS = 1200;
/** How many refused rows an answer names; the count says how many there were in all. */
export const DATASET_CSV_NAMED_ROWS = 20;

const WHOLE = /^\d+$/;

/**
 * A public dataset's CSV (docs/decisions/public-datasets.md, Loading from a CSV): a header naming `year`,
 * `month` and `value` (in any order and case; other columns ignored), then one row a month. Every bad row is
 * named; a file with any is refused whole.
 */
export function parseDatasetCsv(cells: readonly (readonly string[])[]): ParsedDatasetCsv {
  const [head = [], ...rest] = cells;
  const names = head.map((c) => c.trim().toLowerCase());
  const col = { year: names.indexOf('year'), month: names.indexOf('month'), value: names.indexOf('value') };
  if (col.year < 0 || col.month < 0 || col.value < 0)
    return { ok: false, header: true, refused: [{ row: 1, reason: LIB.datasetCsvHeader }] };
  const refused: RefusedRow[] = [];
  const months: { month: string; value: number }[] = [];
  const seen = new Map<string, number>();
  for (const [i, r] of rest.entries()) {
    const row = i + 2;
    if (r.every((c) => c.trim() === '')) continue;
    const year = (r[col.year] ?? '').trim();
    const month = (r[col.month] ?? '').trim();
    const value = (r[col.value] ?? '').trim();
    const y = Number(year);
    const m = Number(month);
    const v = Number(value);
    const reason =
      !WHOLE.test(year) || y < 1900 || y > 2100
        ? `the year '${year}' is not one from 1900 to 2100`
        : !WHOLE.test(month) || m < 1 || m > 12
          ? `the month '${month}' is not one from 1 to 12`
          : value === '' || !Number.isFinite(v)
            ? `the value '${value}' is not a number`
            : null;
    if (reason) {
      refused.push({ row, reason });
      continue;
    }
    const key = `${year}-${String(m).padStart(2, '0')}-01`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      refused.push({ row, reason: `${key.slice(0, 7)} is already given on row ${earlier}` });
      continue;
    }
    seen.set(key, row);
    months.push({ month: key, value: v });
  }
  if (months.length + refused.length > DATASET_CSV_MAX_ROWS)
    return {
      ok: false,
      header: false,
      refused: [{ row: DATASET_CSV_MAX_ROWS + 2, reason: `more than ${DATASET_CSV_MAX_ROWS} months` }],
    };
  if (refused.length > 0) return { ok: false, header: false, refused };
  if (months.length === 0) return { ok: false, header: false, refused: [{ row: 2, reason: 'no months' }] };
  return { ok: true, months };
}
