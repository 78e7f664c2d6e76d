import { safeCell } from '@verdant/domain/spreadsheet-cells';

/**
 * The one place the web app writes CSV (docs/decisions/security.md, "Exports neutralise formulas"): every
 * text cell through `safeCell`. csv-stringify is loaded when first asked for.
 */
export async function csvText(rows: readonly (readonly unknown[])[]): Promise<string> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  return stringify(rows as unknown[][], { cast: { string: (value: string) => String(safeCell(value)) } });
}
