import type { DbOrTx } from '@verdant/db/client';
import { sumFacts } from '@verdant/db/ledger/read-model';
import { andAmong, intArray } from '@verdant/db/sql-arrays';
import type { YearUse } from '@verdant/domain/benchmark/compare';
import { addMonths } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';

/**
 * What the benchmark and the commissioning table read (docs/decisions/benchmark.md): entities with their type,
 * floor area and indicators, the library's sets and mappings, the organisation's degree days, and every figure
 * of consumption through the ledger's read model (grouped by entity, month and data type).
 */

export type EntityFacts = {
  id: number;
  name: string;
  siteName: string;
  buildsegId: number | null;
  entdescId: number | null;
  segmentation: string | null;
  descriptor: string | null;
  indicators: { id: number; label: string; unit: string; value: number }[];
  designEui: number | null;
  commissionedEui: number | null;
  interventionEui: number | null;
};

/** Live entities of the organisation (all, or those named), with what a benchmark needs. */
export async function entityFacts(
  db: DbOrTx,
  organisationId: number,
  only: { ids?: number[]; buildsegId?: number } = {},
): Promise<EntityFacts[]> {
  const ids = andAmong('e.id', only.ids ?? null);
  const seg = only.buildsegId !== undefined ? sql`and e.buildseg_id = ${only.buildsegId}` : sql``;
  const rows = await db.execute<EntityFacts & { indicators: EntityFacts['indicators'] | null }>(sql`
    select e.id, e.name, s.name as "siteName", e.buildseg_id as "buildsegId", e.entdesc_id as "entdescId",
      bs.descr as segmentation, ed.descr as descriptor,
      u.design_eui as "designEui", u.commissioned_eui as "commissionedEui",
      u.intervention_eui as "interventionEui",
      (select json_agg(json_build_object('id', i.id, 'label', i.description, 'unit', i.unit,
          'value', v.value::float8) order by i.id)
        from entity_indicator_values v join indicators i on i.id = v.indicator_id
        where v.organisation_id = e.organisation_id and v.entity_id = e.id and v.value > 0) as indicators
    from entities e
    join sites s on s.organisation_id = e.organisation_id and s.id = e.site_id and s.deleted_at is null
    left join lookup_items bs on bs.list = 'building-segmentations' and bs.id = e.buildseg_id
    left join lookup_items ed on ed.list = 'entity-descriptors' and ed.id = e.entdesc_id
    left join entity_usages u on u.organisation_id = e.organisation_id and u.entity_id = e.id
    where e.organisation_id = ${organisationId} and e.deleted_at is null ${ids} ${seg}
    order by lower(e.name), e.id`);
  return rows.rows.map((r) => ({ ...r, indicators: r.indicators ?? [] }));
}

/** An entity's (or several entities') energy over months, with how complete each month is. */
export interface EntityUse extends YearUse {
  /** Months with facts for the entity, and of those months whose facts are all complete. */
  monthsWithData: number;
  monthsComplete: number;
  estimated: boolean;
}

/**
 * Each entity's kWh over the months `from`..`till` (yyyy-MM-01), electricity apart from the rest (data types
 * of the Electricity grouping; every other energy data type counts as fossil thermal), through the read model.
 */
export async function entityUse(
  db: DbOrTx,
  q: { organisationId: number; entityIds: number[]; from: string; till: string; visible: number[] | null },
): Promise<Map<number, EntityUse>> {
  const out = new Map<number, EntityUse>();
  if (q.entityIds.length === 0) return out;
  const rows = await sumFacts(db, {
    organisationId: q.organisationId,
    by: ['entity', 'month', 'activity'],
    from: q.from,
    till: q.till,
    visible: q.visible,
    entityIds: q.entityIds,
  });
  const activities = [...new Set(rows.map((r) => r.activity_id ?? 0))];
  const groups = await db.execute<{ id: number; electricity: boolean }>(sql`
    select id, lower(grouping) = 'electricity' as electricity from data_types
    where id = any(${intArray(activities)})`);
  const isElectricity = new Map(groups.rows.map((g) => [g.id, g.electricity]));
  const months = new Map<number, Map<string, boolean>>();
  for (const r of rows) {
    const id = r.entity_id ?? 0;
    const use = out.get(id) ?? {
      electricity: 0,
      fossil: 0,
      monthsWithData: 0,
      monthsComplete: 0,
      estimated: false,
    };
    if (isElectricity.get(r.activity_id ?? 0)) use.electricity += r.cons;
    else use.fossil += r.cons;
    use.estimated ||= r.cons_estimated;
    out.set(id, use);
    const seen = months.get(id) ?? new Map<string, boolean>();
    if (r.cons_days_open > 0)
      seen.set(r.month ?? '', (seen.get(r.month ?? '') ?? true) && !r.cons_incomplete);
    months.set(id, seen);
  }
  for (const [id, seen] of months) {
    const use = out.get(id);
    if (!use) continue;
    use.monthsWithData = seen.size;
    use.monthsComplete = [...seen.values()].filter(Boolean).length;
  }
  return out;
}

/** The 12 months ending with `end` (yyyy-MM-01): from and till. */
export const twelveMonths = (end: string) => ({ from: addMonths(end, -11), till: end });

export type DegreeDays = {
  name: string;
  baseC: number;
  source: string;
  hdd: number;
  months: number;
};

/** The heating degree days of the organisation's series over the months (its first series). */
export async function degreeDays(
  db: DbOrTx,
  organisationId: number,
  from: string,
  till: string,
): Promise<DegreeDays | null> {
  const rows = await db.execute<DegreeDays & { id: number }>(sql`
    select s.id, s.name, s.base_c as "baseC", s.source,
      coalesce(sum(d.hdd), 0)::float8 as hdd, count(d.month)::int as months
    from degree_day_series s
    left join degree_days d on d.organisation_id = s.organisation_id and d.series_id = s.id
      and d.month between ${from} and ${till}
    where s.organisation_id = ${organisationId}
    group by s.id order by s.id limit 1`);
  return rows.rows[0] ?? null;
}

export type SetRow = {
  id: number;
  series: string;
  publisher: string;
  name: string;
  edition: string;
  published: string | null;
  level: number;
  sourceTitle: string;
  sourceUrl: string | null;
  secondary: boolean;
  unit: string;
  metric: string;
  statistic: string;
  adjustments: string;
  referenceHdd: number | null;
  referenceBaseC: number | null;
};

const SET_COLUMNS = sql`id, series, publisher, name, edition, published::text as published, level,
  source_title as "sourceTitle", source_url as "sourceUrl", secondary, unit, metric, statistic, adjustments,
  reference_hdd as "referenceHdd", reference_base_c as "referenceBaseC"`;

/** The set a level compares with: the newest published edition at the level. */
export async function currentSet(db: DbOrTx, level: number): Promise<SetRow | null> {
  const rows = await db.execute<SetRow>(sql`
    select ${SET_COLUMNS} from benchmark_sets where level = ${level} and status = 'published'
    order by published desc nulls last, id desc limit 1`);
  return rows.rows[0] ?? null;
}

/** Every set of the library, newest edition of each series first. */
export async function allSets(db: DbOrTx): Promise<SetRow[]> {
  const rows = await db.execute<SetRow>(sql`
    select ${SET_COLUMNS} from benchmark_sets order by level, series, published desc nulls last, id desc`);
  return rows.rows;
}

export type TypeValue = {
  typeKey: string;
  typeName: string;
  total: number | null;
  electricity: number | null;
  fossil: number | null;
  p25: number | null;
  p75: number | null;
  publication: string;
  secondary: boolean;
};

/**
 * The set's figures for an entity's type: the descriptor's mapping when the series maps it, else the
 * segmentation's. Undefined: no mapping; null: mapped to a type the edition has no figures for.
 */
export async function valueFor(
  db: DbOrTx,
  set: SetRow,
  buildsegId: number,
  entdescId: number | null,
): Promise<{ typeKey: string; value: TypeValue | null } | undefined> {
  const rows = await db.execute<{ typeKey: string; value: TypeValue | null }>(sql`
    select m.type_key as "typeKey",
      (select json_build_object('typeKey', v.type_key, 'typeName', v.type_name, 'total', v.total,
        'electricity', v.electricity, 'fossil', v.fossil, 'p25', v.p25, 'p75', v.p75,
        'publication', v.publication, 'secondary', v.secondary)
        from benchmark_values v where v.set_id = ${set.id} and v.type_key = m.type_key) as value
    from benchmark_type_mappings m
    where m.series = ${set.series} and m.buildseg_id = ${buildsegId} and m.entdesc_id in (0, ${entdescId ?? 0})
    order by m.entdesc_id desc limit 1`);
  return rows.rows[0];
}

/** Every value and mapping of the library's sets (the library's own list). */
export async function setContents(db: DbOrTx) {
  const values = await db.execute<TypeValue & { setId: number }>(sql`
    select set_id as "setId", type_key as "typeKey", type_name as "typeName", total, electricity, fossil,
      p25, p75, publication, secondary
    from benchmark_values order by set_id, type_name`);
  const mappings = await db.execute<{
    series: string;
    buildsegId: number;
    entdescId: number;
    typeKey: string;
  }>(
    sql`select series, buildseg_id as "buildsegId", entdesc_id as "entdescId", type_key as "typeKey"
      from benchmark_type_mappings order by series, buildseg_id, entdesc_id`,
  );
  return { values: values.rows, mappings: mappings.rows };
}
