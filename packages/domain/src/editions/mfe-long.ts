import { fill } from '../messages';
import { EDITION_MSG } from './edition-messages';
import {
  checkRowCount,
  columns,
  type EditionRecord,
  keyOf,
  measureGroups,
  type ParsedEdition,
  valueIn,
} from './edition-rows';

/**
 * The New Zealand Ministry for the Environment's emission factors in long CSV (emission_factors_{year}_v{n}_long.csv
 * on measuringemissionsguide.environment.govt.nz, Appendix F Files): Page, Section, SubSection,
 * EmissionsFactorLabel, Unit, UUID, Type, Assumptions, GHG, EmissionFactor, Uncertainties. Each factor is one row
 * per measure, GHG being GHG_TOTAL_KGCO2_e or GHG_CO2_KGCO2_e, GHG_CH4_KGCO2_e, GHG_N2O_KGCO2_e (others, such as
 * biogenic CO2, are left out). The file names no scope: the saved mapping gives it. A year or quarter in the label
 * ('Electricity Used - 2024', 'Electricity Used - Dec-2024') is the factor's period.
 */
export const MFE_COLUMNS = {
  page: { names: ['Page'], required: true },
  section: { names: ['Section'], required: true },
  subSection: { names: ['SubSection'], required: true },
  label: { names: ['EmissionsFactorLabel'], required: true },
  unit: { names: ['Unit'], required: true },
  ghg: { names: ['GHG'], required: true },
  value: { names: ['EmissionFactor'], required: true },
};

const MEASURES: Record<string, 'total' | 'co2' | 'ch4' | 'n2o'> = {
  ghg_total_kgco2_e: 'total',
  ghg_co2_kgco2_e: 'co2',
  ghg_ch4_kgco2_e: 'ch4',
  ghg_n2o_kgco2_e: 'n2o',
};

export function parseMfeLong(records: EditionRecord[]): ParsedEdition {
  const [header, ...body] = records;
  const refused: { line: number; reason: string }[] = [];
  const out: ParsedEdition = { rows: [], refused, blank: 0, meta: {} };
  if (!header) return { ...out, refused: [{ line: 0, reason: EDITION_MSG.fileEmpty }] };
  const found = columns(header.fields, MFE_COLUMNS);
  if ('missing' in found)
    return {
      ...out,
      refused: [{ line: header.line, reason: fill(EDITION_MSG.missingColumn, { column: found.missing }) }],
    };
  const tooMany = checkRowCount(body.length);
  if (tooMany) return { ...out, refused: [{ line: 0, reason: tooMany }] };
  const { at } = found;
  const cell = (r: EditionRecord, i: number) => (r.fields[i] ?? '').trim();

  const groups = measureGroups(refused);
  for (const r of body) {
    if (r.fields.every((f) => f.trim() === '')) continue;
    const measure = MEASURES[cell(r, at.ghg).toLowerCase()];
    const value = valueIn(r.line, cell(r, at.value), refused);
    if (!measure || value === null) {
      out.blank += 1;
      continue;
    }
    if (value === undefined) continue;
    const { key, label, period } = keyOf(
      [cell(r, at.page), cell(r, at.section), cell(r, at.subSection), cell(r, at.label)],
      cell(r, at.unit),
    );
    const base = {
      line: r.line,
      key,
      label,
      unit: cell(r, at.unit),
      scope: null,
      from: period?.from ?? null,
      till: period?.till ?? null,
    };
    groups.add(key, base, measure, value, cell(r, at.ghg));
  }
  out.rows.push(...groups.rows());
  if (out.rows.length === 0 && refused.length === 0) refused.push({ line: 0, reason: EDITION_MSG.fileEmpty });
  return out;
}
