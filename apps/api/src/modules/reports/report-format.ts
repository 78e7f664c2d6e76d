import type { Cell, Column } from './report-document';

/**
 * How a report prints a figure (core-portal.md 9: money with 2 decimals and thousands separators, dates
 * dd/MM/yyyy): the PDF prints text; the XLSX keeps numbers as numbers with this format.
 */

const numberFormat = new Map<number, Intl.NumberFormat>();
const nf = (decimals: number) => {
  let f = numberFormat.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-NZ', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormat.set(decimals, f);
  }
  return f;
};

export const decimalsOf = (c: Column) =>
  c.decimals ??
  (c.format === 'money'
    ? 2
    : c.format === 'percent'
      ? 1
      : c.format === 'integer'
        ? 0
        : c.format === 'number'
          ? 0
          : 0);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
export const displayDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A cell as text: blank for null, numbers with separators, dates dd/MM/yyyy. */
export function formatCell(value: Cell, column: Column): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const text = nf(decimalsOf(column)).format(value);
    return column.format === 'percent' ? `${text} %` : text;
  }
  if (column.format === 'date' && isoDate.test(value)) return displayDate(value);
  return value;
}

/** The XLSX number format of a column. */
export function excelFormat(column: Column): string | undefined {
  if (column.format === 'date') return undefined;
  const d = decimalsOf(column);
  const base = d > 0 ? `#,##0.${'0'.repeat(d)}` : '#,##0';
  if (column.format === 'percent') return `${base}" %"`;
  if (column.format === 'money' || column.format === 'number' || column.format === 'integer') return base;
  return undefined;
}

/** A header with its unit: 'Consumption (kWh)'. */
export const headerOf = (c: Column) => (c.unit ? `${c.label} (${c.unit})` : c.label);

/** 12,345.6 kWh / $1,234.56 / 5.6 t CO2e style text for a figure tile. */
export function figureText(value: number | null, unit: string, decimals = 0): string {
  if (value === null || !Number.isFinite(value)) return '–';
  if (unit === '$') return `$${nf(2).format(value)}`;
  return `${nf(decimals).format(value)} ${unit}`;
}

/** A change as '+4.2 %' or '–3.0 %'; null when there is nothing to compare with. */
export function changeText(now: number | null, before: number | null): string {
  if (now === null || before === null || before === 0) return '–';
  const p = ((now - before) / Math.abs(before)) * 100;
  return `${p > 0 ? '+' : p < 0 ? '−' : ''}${nf(1).format(Math.abs(p))} %`;
}
