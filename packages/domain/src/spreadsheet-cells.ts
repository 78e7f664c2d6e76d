/**
 * What leaves the product in a CSV or XLSX file is safe to open (docs/decisions/security.md, "Exports
 * neutralise formulas"): a text cell that a spreadsheet would read as a formula or a command (it begins with
 * `=`, `+`, `-`, `@`, a tab or a carriage return, or their full-width forms) is given a leading apostrophe,
 * as OWASP's CSV injection page recommends. Numbers stay numbers: a number value is left alone, and so is
 * text that is only a number ("-12.50", "+1,234.5", "-1e3"), which a spreadsheet reads as that number and
 * never runs. Every export writes its cells through this one function.
 */

const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
const PLAIN_NUMBER = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** The text of a cell, neutralised when a spreadsheet would run it; any other value as it is. */
export function safeCell<T>(value: T): T | string {
  if (typeof value !== 'string' || value === '' || !TRIGGERS.has(value.charAt(0))) return value;
  if (/\d/.test(value) && PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/** A row of cells, each through `safeCell`. */
export const safeRow = <T>(cells: readonly T[]): (T | string)[] => cells.map(safeCell);
