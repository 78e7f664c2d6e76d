import { fill } from '../messages';
import { EDITION_MSG } from './edition-messages';
import {
  checkRowCount,
  columns,
  type EditionRecord,
  keyOf,
  measureGroups,
  type ParsedEdition,
  type Scope,
  valueIn,
} from './edition-rows';

/**
 * The UK DESNZ "flat file" of greenhouse gas conversion factors (sheet "Factors by Category", its header a few
 * rows down): ID, Scope, Level 1 to Level 4, Column Text, UOM, GHG/Unit and "GHG Conversion Factor {year}". Each
 * factor is several rows with the same labels: its total ("kg CO2e") and its parts ("kg CO2e of CO2 per unit",
 * of CH4, of N2O). Rows are keyed by Level 1-4, Column Text and UOM; a saved mapping says which data type they are.
 */
export const DESNZ_COLUMNS = {
  scope: { names: ['Scope'], required: true },
  level1: { names: ['Level 1'], required: true },
  level2: { names: ['Level 2'], required: true },
  level3: { names: ['Level 3'], required: true },
  level4: { names: ['Level 4'], required: true },
  text: { names: ['Column Text'], required: true },
  uom: { names: ['UOM'], required: true },
  ghg: { names: ['GHG/Unit'], required: true },
};

const FACTOR_COLUMN = /^ghg conversion factor\s*(\d{4})$/i;
const HEADER_SEARCH = 30;

/** Which measure a GHG/Unit cell names: the total or one gas, or something else (left out). */
function measureOf(text: string): 'total' | 'co2' | 'ch4' | 'n2o' | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t === 'kg co2e') return 'total';
  const gas = /^kg co2e of (co2|ch4|n2o) per unit$/.exec(t)?.[1];
  return (gas as 'co2' | 'ch4' | 'n2o' | undefined) ?? null;
}

const scopeOf = (text: string): Scope | null => {
  const n = /^scope\s*([123])$/i.exec(text.trim())?.[1];
  return n ? (Number(n) as Scope) : null;
};

export function parseDesnzFlat(records: EditionRecord[]): ParsedEdition {
  const refused: { line: number; reason: string }[] = [];
  const out: ParsedEdition = { rows: [], refused, blank: 0, meta: {} };
  const headerAt = records
    .slice(0, HEADER_SEARCH)
    .findIndex(
      (r) =>
        r.fields.some((f) => FACTOR_COLUMN.test(f.trim())) && r.fields.some((f) => /^uom$/i.test(f.trim())),
    );
  const header = records[headerAt];
  if (!header) {
    const reason = fill(EDITION_MSG.noHeader, { layout: 'DESNZ flat file', rows: HEADER_SEARCH });
    return { ...out, refused: [{ line: 0, reason }] };
  }
  const found = columns(header.fields, DESNZ_COLUMNS);
  if ('missing' in found)
    return {
      ...out,
      refused: [{ line: header.line, reason: fill(EDITION_MSG.missingColumn, { column: found.missing }) }],
    };
  const { at } = found;
  const valueAt = header.fields.findIndex((f) => FACTOR_COLUMN.test(f.trim()));
  out.meta.year = Number(FACTOR_COLUMN.exec(header.fields[valueAt]?.trim() ?? '')?.[1]);
  const body = records.slice(headerAt + 1);
  const tooMany = checkRowCount(body.length);
  if (tooMany) return { ...out, refused: [{ line: 0, reason: tooMany }] };

  const cell = (r: EditionRecord, i: number) => (r.fields[i] ?? '').trim();
  const groups = measureGroups(refused);
  for (const r of body) {
    if (r.fields.every((f) => f.trim() === '')) continue;
    const measure = measureOf(cell(r, at.ghg));
    const value = valueIn(r.line, cell(r, valueAt), refused);
    if (measure === null || value === null) {
      out.blank += 1;
      continue;
    }
    if (value === undefined) continue;
    const scopeText = cell(r, at.scope);
    const { key, label, period } = keyOf(
      [at.level1, at.level2, at.level3, at.level4, at.text].map((i) => cell(r, i)),
      cell(r, at.uom),
    );
    const base = {
      line: r.line,
      key,
      label,
      unit: cell(r, at.uom),
      scope: scopeOf(scopeText),
      from: period?.from ?? null,
      till: period?.till ?? null,
    };
    groups.add(`${scopeText.toLowerCase()} | ${key}`, base, measure, value, cell(r, at.ghg));
  }
  out.rows.push(...groups.rows());
  if (out.rows.length === 0 && refused.length === 0) refused.push({ line: 0, reason: EDITION_MSG.fileEmpty });
  return out;
}
