import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

/** The admin list's rows: every data type, global and organisations' own, with its units and factor scopes. */
export type AdminTypeRow = {
  id: number;
  name: string;
  grouping: string;
  type_id: number;
  organisation_id: number | null;
  organisation_name: string | null;
  std_unit: string;
  default_unit_id: number | null;
  standardised_unit: string;
  retired: boolean;
  composite: boolean;
  source_notes: string | null;
  scope3_category: number | null;
  reporting_group_id: number | null;
  units: { unitId: number; name: string; conversionToStandard: string; sourceInfo: string | null }[];
  scopes: number[];
};

export async function adminTypes(db: DbOrTx, id?: number) {
  const only = id === undefined ? sql`` : sql`where d.id = ${id}`;
  const rows = await db.execute<AdminTypeRow>(sql`
    select d.id, d.name, d.grouping, d.type_id, d.organisation_id, o.name as organisation_name, d.std_unit,
      d.default_unit_id, d.standardised_unit, d.retired, d.composite, d.source_notes, d.scope3_category,
      d.reporting_group_id,
      coalesce((select json_agg(json_build_object('unitId', u.id, 'name', u.name,
          'conversionToStandard', u.conversion_to_standard::text, 'sourceInfo', u.source_info)
          order by u.conversion_to_standard, u.id) from units u where u.data_type_id = d.id), '[]') as units,
      coalesce((select array_agg(distinct f.scope order by f.scope) from emission_factors f
          join emission_factor_sources s on s.id = f.source_id and s.is_default
          where f.data_type_id = d.id), '{}') as scopes
    from data_types d left join organisations o on o.id = d.organisation_id
    ${only}
    order by d.grouping, d.name, d.id`);
  return rows.rows;
}

/** A data type of that name where it would clash: global ones, and the organisation's own when it has one. */
export async function typeNamed(db: DbOrTx, name: string, organisationId: number | null, exceptId?: number) {
  const rows = await db.execute<{ id: number }>(sql`
    select id from data_types
    where lower(name) = lower(${name})
      and (organisation_id is null or ${organisationId}::int is null or organisation_id = ${organisationId})
      and id <> ${exceptId ?? 0}
    limit 1`);
  return rows.rows[0];
}

export async function organisationExists(db: DbOrTx, id: number) {
  const rows = await db.execute(sql`select 1 from organisations where id = ${id}`);
  return rows.rows.length > 0;
}

export async function reportingGroupExists(db: DbOrTx, id: number) {
  const rows = await db.execute(sql`select 1 from energy_reporting_groups where id = ${id}`);
  return rows.rows.length > 0;
}

/** Serialises creations of data types (the name check and the insert), the ids coming from two sequences. */
export async function lockCatalogue(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(74230)`);
}

export async function insertType(
  db: DbOrTx,
  t: {
    name: string;
    grouping: string;
    typeId: number;
    stdUnit: string;
    standardisedUnit: string;
    organisationId: number | null;
    reportingGroupId: number | null;
    composite: boolean;
    scope3Category: number | null;
    sourceNotes: string;
  },
) {
  // Composites take their ids from their own sequence (from 100000); the others from the identity column.
  const idValue = t.composite ? sql`nextval('composite_data_type_ids')` : sql`default`;
  const rows = await db.execute<{ id: number }>(sql`
    insert into data_types (id, name, grouping, type_id, std_unit, standardised_unit, organisation_id,
      reporting_group_id, composite, scope3_category, source_notes)
    values (${idValue}, ${t.name}, ${t.grouping}, ${t.typeId}, ${t.stdUnit}, ${t.standardisedUnit},
      ${t.organisationId}, ${t.reportingGroupId}, ${t.composite}, ${t.scope3Category}, ${t.sourceNotes})
    returning id`);
  const created = rows.rows[0];
  if (!created) throw new Error('data type not created');
  return created.id;
}

export async function insertUnit(
  db: DbOrTx,
  dataTypeId: number,
  name: string,
  conversion: string,
  sourceInfo: string | null,
) {
  const rows = await db.execute<{ id: number }>(sql`
    insert into units (data_type_id, name, conversion_to_standard, source_info)
    values (${dataTypeId}, ${name}, ${conversion}, ${sourceInfo}) returning id`);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error('unit not created');
  return id;
}

export async function setDefaultUnit(db: DbOrTx, dataTypeId: number, unitId: number | null) {
  await db.execute(sql`update data_types set default_unit_id = ${unitId} where id = ${dataTypeId}`);
}

export async function updateType(
  db: DbOrTx,
  id: number,
  v: {
    name: string;
    grouping: string;
    sourceNotes: string;
    retired: boolean;
    scope3Category: number | null;
    defaultUnit: number | null;
    reportingGroupId: number | null;
  },
) {
  await db.execute(sql`
    update data_types set name = ${v.name}, grouping = ${v.grouping}, source_notes = ${v.sourceNotes},
      retired = ${v.retired}, scope3_category = ${v.scope3Category}, default_unit_id = ${v.defaultUnit},
      reporting_group_id = ${v.reportingGroupId}
    where id = ${id}`);
}

export async function insertComponents(
  db: DbOrTx,
  compositeId: number,
  components: { energy: number; percentage: number }[],
) {
  for (const c of components) {
    await db.execute(sql`insert into composite_components (composite_id, component_id, percentage)
      values (${compositeId}, ${c.energy}, ${c.percentage})`);
  }
}

export async function components(db: DbOrTx, compositeId: number) {
  const rows = await db.execute<{ id: number; name: string; percentage: string }>(sql`
    select d.id, d.name, c.percentage::text as percentage from composite_components c
    join data_types d on d.id = c.component_id where c.composite_id = ${compositeId}
    order by c.percentage desc, d.name`);
  return rows.rows;
}

/**
 * Data types that can be part of a mix: global, not composite, not retired. Each with its units' names
 * (lower case), so a mix in one standard unit finds the components that have that unit.
 */
export async function mixableTypes(db: DbOrTx) {
  const rows = await db.execute<{
    id: number;
    name: string;
    grouping: string;
    std_unit: string;
    units: string[];
  }>(
    sql`select d.id, d.name, d.grouping, d.std_unit,
      coalesce((select array_agg(lower(u.name)) from units u where u.data_type_id = d.id), '{}') as units
    from data_types d where d.organisation_id is null and not d.composite and not d.retired
    order by d.grouping, d.name`,
  );
  return rows.rows;
}
