import { fill } from '../messages';
import { EDITION_MSG } from './edition-messages';
import {
  type Basis,
  checkRowCount,
  columns,
  type EditionRecord,
  keyOf,
  type ParsedEdition,
  type PublishedRow,
  type Scope,
  valueIn,
} from './edition-rows';

/**
 * Our documented edition layout (docs/decisions/catalogue.md, "The documented edition file"): one row per factor,
 * columns Publisher, Edition, Data type (or Activity), Unit, Scope, Basis (scope 2 only), Valid from, Valid to,
 * kg CO2e, and optionally kg CO2, kg CH4 and kg N2O. Every row names the same publisher and edition. A data type
 * is matched by name; any other activity needs a saved mapping.
 */
export const DOCUMENTED_COLUMNS = {
  publisher: { names: ['Publisher'], required: true },
  edition: { names: ['Edition'], required: true },
  dataType: { names: ['Data type', 'Activity', 'Data type or activity'], required: true },
  unit: { names: ['Unit'], required: true },
  scope: { names: ['Scope'], required: true },
  basis: { names: ['Basis'], required: false },
  from: { names: ['Valid from'], required: true },
  till: { names: ['Valid to'], required: true },
  total: { names: ['kg CO2e'], required: true },
  co2: { names: ['kg CO2'], required: false },
  ch4: { names: ['kg CH4'], required: false },
  n2o: { names: ['kg N2O'], required: false },
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

export function parseDocumented(records: EditionRecord[]): ParsedEdition {
  const [header, ...body] = records;
  const refused: { line: number; reason: string }[] = [];
  const out: ParsedEdition = { rows: [], refused, blank: 0, meta: {} };
  if (!header) return { ...out, refused: [{ line: 0, reason: EDITION_MSG.fileEmpty }] };
  const tooMany = checkRowCount(body.length);
  if (tooMany) return { ...out, refused: [{ line: 0, reason: tooMany }] };
  const found = columns(header.fields, DOCUMENTED_COLUMNS);
  if ('missing' in found)
    return {
      ...out,
      refused: [{ line: header.line, reason: fill(EDITION_MSG.missingColumn, { column: found.missing }) }],
    };
  const { at } = found;
  const cell = (r: EditionRecord, i: number) => (i < 0 ? '' : (r.fields[i] ?? '').trim());

  for (const r of body) {
    const { line } = r;
    if (r.fields.every((f) => f.trim() === '')) continue;
    const publisher = cell(r, at.publisher);
    const edition = cell(r, at.edition);
    out.meta.publisher ??= publisher;
    out.meta.edition ??= edition;
    for (const [what, value, expected] of [
      ['the publisher', publisher, out.meta.publisher],
      ['the edition', edition, out.meta.edition],
    ] as const) {
      if (value !== expected)
        refused.push({ line, reason: fill(EDITION_MSG.disagrees, { line, what, value, expected }) });
    }
    const scopeText = cell(r, at.scope).replace(/^scope\s*/i, '');
    const scope = ['1', '2', '3'].includes(scopeText) ? (Number(scopeText) as Scope) : null;
    if (scope === null)
      refused.push({ line, reason: fill(EDITION_MSG.badScope, { line, value: cell(r, at.scope) }) });
    const basisText = cell(r, at.basis).toLowerCase();
    let basis: Basis | null = null;
    if (basisText === 'location' || basisText === 'residual-mix') basis = basisText;
    else if (basisText !== '')
      refused.push({ line, reason: fill(EDITION_MSG.badBasis, { line, value: basisText }) });
    if (scope === 2 && basis === null) basis = 'location';
    const from = cell(r, at.from);
    const till = cell(r, at.till);
    if (!validDate(from)) refused.push({ line, reason: fill(EDITION_MSG.badDate, { line, value: from }) });
    if (till !== '' && !validDate(till))
      refused.push({ line, reason: fill(EDITION_MSG.badDate, { line, value: till }) });
    if (validDate(from) && validDate(till) && till < from)
      refused.push({ line, reason: fill(EDITION_MSG.endBeforeStart, { line }) });
    const total = valueIn(line, cell(r, at.total), refused);
    const gases = [at.co2, at.ch4, at.n2o].map((i) => valueIn(line, cell(r, i), refused));
    if (total === null) {
      out.blank += 1;
      continue;
    }
    if (total === undefined || gases.includes(undefined)) continue;
    for (const v of [total, ...gases])
      if (v !== null && v !== undefined && v < 0)
        refused.push({ line, reason: fill(EDITION_MSG.negative, { line, value: v }) });
    const dataTypeName = cell(r, at.dataType);
    const unit = cell(r, at.unit);
    const { key, label } = keyOf([dataTypeName], unit);
    const row: PublishedRow = {
      line,
      key,
      label,
      unit,
      scope,
      dataTypeName,
      basis: scope === 2 ? basis : null,
      from: validDate(from) ? from : null,
      till: till === '' ? null : till,
      total,
      co2: gases[0] ?? null,
      ch4: gases[1] ?? null,
      n2o: gases[2] ?? null,
    };
    out.rows.push(row);
  }
  if (out.rows.length === 0 && refused.length === 0) refused.push({ line: 0, reason: EDITION_MSG.fileEmpty });
  return out;
}
