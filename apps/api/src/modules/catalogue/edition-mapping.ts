import type { EditionFactor } from '@verdant/domain/editions/edition-factors';
import { EDITION_MSG } from '@verdant/domain/editions/edition-messages';
import type { Basis, PublishedRow, Scope } from '@verdant/domain/editions/edition-rows';
import { fill } from '@verdant/domain/messages';
import type { MappingRow, NewFactor } from './editions.queries';

/**
 * A parsed file's rows as factors of data types (docs/decisions/catalogue.md, Editions loaded from files): the
 * documented layout names its data type and unit (else a saved mapping of its key); the publishers' layouts
 * go through saved mappings only, and one row may feed several data types. A rate is per the data type's
 * standard unit: the published rate divided by the unit's conversion to standard.
 */

export interface MappingContext {
  types: { id: number; name: string; units: { id: number; name: string; conversion: string }[] }[];
  mappings: MappingRow[];
  /** The years the edition covers, for rows whose labels name no period. */
  coversFrom: number | null;
  coversTill: number | null;
}

export interface Mapped {
  factors: (EditionFactor & { published: NewFactor })[];
  unmapped: { line: number; key: string; label: string; unit: string }[];
  refused: { line: number; reason: string }[];
}

const round = (n: number) => Number(n.toPrecision(12));

export function mapRows(rows: PublishedRow[], ctx: MappingContext): Mapped {
  const out: Mapped = { factors: [], unmapped: [], refused: [] };
  const typeByName = new Map(ctx.types.map((t) => [t.name.toLowerCase(), t]));
  const byKey = new Map<string, MappingRow[]>();
  for (const m of ctx.mappings) byKey.set(m.key, [...(byKey.get(m.key) ?? []), m]);

  for (const row of rows) {
    const targets: {
      dataTypeId: number;
      name: string;
      scope: Scope;
      basis: Basis | null;
      conversion: string;
    }[] = [];
    const named = row.dataTypeName === undefined ? undefined : typeByName.get(row.dataTypeName.toLowerCase());
    if (named && row.scope !== null) {
      const unit = named.units.find((u) => u.name.toLowerCase() === row.unit.toLowerCase());
      if (!unit) {
        out.refused.push({
          line: row.line,
          reason: fill(EDITION_MSG.unknownUnit, { line: row.line, dataType: named.name, unit: row.unit }),
        });
        continue;
      }
      targets.push({
        dataTypeId: named.id,
        name: named.name,
        scope: row.scope,
        basis: row.scope === 2 ? (row.basis ?? 'location') : null,
        conversion: unit.conversion,
      });
    } else {
      for (const m of byKey.get(row.key) ?? [])
        targets.push({
          dataTypeId: m.dataTypeId,
          name: m.dataTypeName,
          scope: m.scope as Scope,
          basis: m.scope === 2 ? (m.basis ?? 'location') : null,
          conversion: m.conversion,
        });
    }
    if (targets.length === 0) {
      out.unmapped.push({ line: row.line, key: row.key, label: row.label, unit: row.unit });
      continue;
    }
    const from = row.from ?? (ctx.coversFrom === null ? null : `${ctx.coversFrom}-01-01`);
    const till = row.from !== null ? row.till : ctx.coversTill === null ? null : `${ctx.coversTill}-12-31`;
    if (from === null) {
      out.refused.push({ line: row.line, reason: fill(EDITION_MSG.noPeriod, { line: row.line }) });
      continue;
    }
    for (const t of targets) {
      const per = (v: number | null) => (v === null ? null : round(v / Number(t.conversion)));
      const factor: EditionFactor = {
        line: row.line,
        dataTypeId: t.dataTypeId,
        dataTypeName: t.name,
        scope: t.scope,
        basis: t.basis,
        from,
        till,
        rate: per(row.total) ?? 0,
        co2: per(row.co2),
        ch4: per(row.ch4),
        n2o: per(row.n2o),
      };
      out.factors.push({
        ...factor,
        published: {
          data_type_id: t.dataTypeId,
          scope: t.scope,
          basis: t.basis,
          rate: factor.rate,
          co2: factor.co2,
          ch4: factor.ch4,
          n2o: factor.n2o,
          start_date: from,
          end_date: till,
          activity: row.label,
          published_unit: row.unit,
          published_rate: row.total,
        },
      });
    }
  }
  return out;
}
